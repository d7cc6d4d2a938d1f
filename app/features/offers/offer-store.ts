import { useSyncExternalStore } from 'react';
import { offersEndpoints } from '../../../common/offers/discount-code';
import { api } from '../../lib/api';
import { offerFromAnswer, type Offer } from './offer-clock';

/**
 * The client state of spec 3 ('time bonus: isVisible', and the welcome offer): the logged-in
 * member's current offer. Asked once per member and page load, so navigating and re-rendering
 * keep the same deadline (a running countdown is not restarted); a different member asks again;
 * cleared at 0, for a paying member, and by logout (a full page load, account-menu.tsx).
 */
let member: number | null = null;
let offer: Offer | null = null;
let asking = 0;
let expiry: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
// setTimeout's longest delay (about 24.8 days); a longer offer is re-checked then.
const MAX_DELAY_MS = 2 ** 31 - 1;

function publish(next: Offer | null): void {
  offer = next;
  if (expiry) clearTimeout(expiry);
  expiry = null;
  if (next) {
    const expire = () => {
      if (offer !== next) return;
      if (Date.now() >= next.deadline) publish(null);
      else expiry = setTimeout(expire, Math.min(MAX_DELAY_MS, next.deadline - Date.now()));
    };
    expiry = setTimeout(expire, Math.min(MAX_DELAY_MS, Math.max(0, next.deadline - Date.now())));
  }
  for (const l of listeners) l();
}

/** Asks the server for `id`'s offer, unless this member's is known already. */
export function loadOffer(id: number): void {
  if (member === id) return;
  member = id;
  const ask = ++asking;
  publish(null);
  api.call(offersEndpoints.discountCode, { query: { welcome: 'true' } }).then(
    (answer) => {
      if (ask === asking && answer) publish(offerFromAnswer(answer, Date.now()));
    },
    // Spec 8: a failed welcome-discount load (no offer is a 404) is silently ignored.
    () => undefined,
  );
}

/** No offer (the member pays now); asked again only for another member. */
export function clearOffer(): void {
  asking += 1;
  member = null;
  publish(null);
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The offer to show now, or null. */
export function useOffer(): Offer | null {
  return useSyncExternalStore(
    subscribe,
    () => offer,
    () => null,
  );
}
