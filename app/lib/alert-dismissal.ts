/**
 * Spec 9's persistent keys (and spec 2's entry warning): when this browser dismissed an alert,
 * a timestamp in local storage. One mechanism for every dismissible alert.
 */
export const DISMISSAL_KEYS = {
  entryWarning: 'entry-warning-dismissed-at',
  enrichAlert: 'rendezvous.enrich-alert-dismissed',
  pushAlert: 'rendezvous.push-alert-dismissed',
  notificationsDisabledAlert: 'rendezvous.notifications-disabled-alert-dismissed',
  timeBonusModal: 'rendezvous.time-bonus-modal-dismissed',
  welcomeModal: 'rendezvous.welcome-modal-dismissed',
} as const;
export type DismissibleAlert = keyof typeof DISMISSAL_KEYS;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** When the alert was dismissed (epoch milliseconds), or null; anything but a positive number counts as never. */
export function alertDismissedAt(alert: DismissibleAlert, store: Store | null = storage()): number | null {
  try {
    const value = Number(store?.getItem(DISMISSAL_KEYS[alert]) ?? NaN);
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

export function alertDismissed(alert: DismissibleAlert, store: Store | null = storage()): boolean {
  return alertDismissedAt(alert, store) !== null;
}

export function dismissAlert(alert: DismissibleAlert, store: Store | null = storage(), now = Date.now()): void {
  try {
    store?.setItem(DISMISSAL_KEYS[alert], String(now));
  } catch {
    // Blocked storage: hidden for this page view only.
  }
}
