import { canOfferPush, type PushState } from '../../lib/push-rules';

/** Spec 4: the push alert stays away from signup, notifications (which has the switch), activate-done, directdebit and premium. */
const SUPPRESSED_ON = /^\/(signup|complete-signup|members\/[^/]+\/signup|notifications|activate\/done|directdebit|premium)(\/|$)/;

export function pushAlertSuppressed(pathname: string): boolean {
  return SUPPRESSED_ON.test(pathname);
}

/** Shown while push can be offered (supported, not blocked, not on yet) and not dismissed in this browser. */
export function pushAlertShows(state: PushState, dismissed: boolean): boolean {
  return !dismissed && canOfferPush(state);
}
