import type { DiscountCode } from '../../../common/offers/discount-code';
import { secondsUntil } from '../../lib/countdown';

/** The offers shown as banner and modal: the time bonus (spec 4) and the welcome discount (spec 2). */
export type OfferKind = 'time-bonus' | 'welcome';

export interface Offer {
  kind: OfferKind;
  code: string;
  percent: number;
  /** When it ends on this device's clock: the server's end moved by the offset between the two clocks. */
  deadline: number;
}

/**
 * The offer of a `?welcome=true` answer received at `receivedAt` (device clock), or null when
 * there is nothing to show. The end is measured against the server's clock (its `server_time`
 * at answering), so a device clock hours off neither extends nor hides the offer.
 */
export function offerFromAnswer(answer: DiscountCode, receivedAt: number): Offer | null {
  if (answer.kind !== 'time-bonus' && answer.kind !== 'welcome') return null;
  if (answer.expired || answer.status !== 'active' || answer.expires === null) return null;
  const expires = Date.parse(answer.expires);
  const serverNow = Date.parse(answer.server_time);
  if (!Number.isFinite(expires) || !Number.isFinite(serverNow)) return null;
  const deadline = expires - (serverNow - receivedAt);
  if (deadline <= receivedAt) return null;
  return { kind: answer.kind, code: answer.code, percent: answer.value_percentage, deadline };
}

/** Whole seconds left at `now` (rounded up: the last second shows 00:00:01, the end 00:00:00). */
export function secondsLeft(offer: Pick<Offer, 'deadline'>, now: number): number {
  return secondsUntil(offer.deadline, now);
}

/** '4 hours', '1 Stunde', '48 godzin': the time-left value of the modal's 'act fast' text, with the locale's plural. */
export function formatHours(hours: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'long' }).format(hours);
}
