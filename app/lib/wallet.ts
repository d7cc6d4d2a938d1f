import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The member's balance and Premium state as the top bar shows them. The page's user object
 * is loaded once (the root loader does not revalidate on navigation), so a purchase would not
 * show until a reload: the live 'credits' event, the periodic user refresh and the payment
 * result page's poll report here instead, and the top bar reads the newest report.
 */
export interface Wallet {
  credits: number;
  paid_user: boolean;
}

let current: Wallet | null = null;
const listeners = new Set<() => void>();

/** Reports the balance and Premium state now; listeners hear of a change only. */
export function setWallet(next: Wallet): void {
  if (current && current.credits === next.credits && current.paid_user === next.paid_user) return;
  current = { credits: next.credits, paid_user: next.paid_user };
  for (const l of listeners) l();
}

/** The last report (null before any). */
export function wallet(): Wallet | null {
  return current;
}

export function subscribeWallet(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** Forgets the reports (a member logged out, or a test starts afresh). */
export function resetWallet(): void {
  current = null;
  for (const l of listeners) l();
}

/**
 * The newest report, else `fallback` (the user object of the page). A user object that
 * changes while mounted (the root data reloaded after a form) is the newest report then; one
 * seen at mount may be older than the store's (the root data stays as it was at page load).
 */
export function useWallet(fallback: Wallet): Wallet {
  const { credits, paid_user } = fallback;
  const seen = useRef({ credits, paid_user });
  useEffect(() => {
    if (seen.current.credits === credits && seen.current.paid_user === paid_user) return;
    seen.current = { credits, paid_user };
    setWallet({ credits, paid_user });
  }, [credits, paid_user]);
  const snapshot = useSyncExternalStore(subscribeWallet, () => current, () => null);
  return snapshot ?? fallback;
}
