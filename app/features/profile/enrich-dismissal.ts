/** The persistent key recording when the member dismissed the profile-photo ("enrich") alert (spec section 10). */
export const ENRICH_ALERT_DISMISSED_KEY = 'rendezvous.enrich-alert-dismissed';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Whether the alert was dismissed (a stored timestamp). */
export function enrichAlertDismissed(store: Store | null = storage()): boolean {
  try {
    const value = Number(store?.getItem(ENRICH_ALERT_DISMISSED_KEY) ?? NaN);
    return Number.isFinite(value) && value > 0;
  } catch {
    return false;
  }
}

export function dismissEnrichAlert(store: Store | null = storage(), now = Date.now()): void {
  try {
    store?.setItem(ENRICH_ALERT_DISMISSED_KEY, String(now));
  } catch {
    // Blocked storage: hidden for this page view only.
  }
}
