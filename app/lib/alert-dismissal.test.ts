import { describe, expect, it } from 'vitest';
import { alertDismissed, alertDismissedAt, dismissAlert, DISMISSAL_KEYS, type DismissibleAlert } from './alert-dismissal';

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('alert dismissal (spec 9: persistent keys)', () => {
  it.each(Object.keys(DISMISSAL_KEYS) as DismissibleAlert[])('%s: stores a timestamp and then counts as dismissed', (alert) => {
    const store = memoryStore();
    expect(alertDismissed(alert, store)).toBe(false);
    dismissAlert(alert, store, 1_700_000_000_000);
    expect(store.map.get(DISMISSAL_KEYS[alert])).toBe('1700000000000');
    expect(alertDismissedAt(alert, store)).toBe(1_700_000_000_000);
    expect(alertDismissed(alert, store)).toBe(true);
  });

  it('keeps each alert under its own key', () => {
    const store = memoryStore();
    dismissAlert('enrichAlert', store);
    expect(alertDismissed('notificationsDisabledAlert', store)).toBe(false);
    expect(new Set(Object.values(DISMISSAL_KEYS)).size).toBe(Object.keys(DISMISSAL_KEYS).length);
  });

  it('keeps the keys browsers already hold', () => {
    expect(DISMISSAL_KEYS.enrichAlert).toBe('rendezvous.enrich-alert-dismissed');
    expect(DISMISSAL_KEYS.entryWarning).toBe('entry-warning-dismissed-at');
  });

  it('ignores garbage in the key and blocked storage', () => {
    const store = memoryStore();
    store.setItem(DISMISSAL_KEYS.enrichAlert, 'yes');
    expect(alertDismissed('enrichAlert', store)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(alertDismissed('enrichAlert', blocked)).toBe(false);
    expect(() => dismissAlert('enrichAlert', blocked)).not.toThrow();
  });
});
