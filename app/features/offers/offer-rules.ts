import { TIME_BONUS_MODAL_HOURS } from '../../../common/limits';
import type { DismissibleAlert } from '../../lib/alert-dismissal';
import { paths } from '../../paths';
import { secondsLeft, type Offer, type OfferKind } from './offer-clock';

/** Spec 9's persistent key of each offer's modal: dismissing the time bonus does not hide the later welcome offer. */
export const MODAL_DISMISSAL: Record<OfferKind, DismissibleAlert> = { 'time-bonus': 'timeBonusModal', welcome: 'welcomeModal' };

/** The modal opens (after its delay) only for a member with no credits left (spec 4). */
export function modalWanted(credits: number, inArea: boolean, dismissed: boolean): boolean {
  return inArea && credits === 0 && !dismissed;
}

/** The time-left value of the modal's 'act fast' text: 4 for the time bonus (spec 9), the hours left of the welcome offer. */
export function modalHours(offer: Offer, now: number): number {
  return offer.kind === 'time-bonus' ? TIME_BONUS_MODAL_HOURS : Math.max(1, Math.ceil(secondsLeft(offer, now) / 3600));
}

/** The credits page with the offer's code (the credits page prices the bundles with it). */
export function offerLink(code: string): string {
  return `${paths.credits()}?${new URLSearchParams({ code }).toString()}`;
}
