import { describe, expect, it } from 'vitest';
import { dismissEnrichAlert, enrichAlertDismissed, ENRICH_ALERT_DISMISSED_KEY } from './enrich-dismissal';
import { enrichAlertSuppressed } from './enrich-alert-host';

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('enrich alert dismissal', () => {
  it('stores a timestamp and then counts as dismissed', () => {
    const store = memoryStore();
    expect(enrichAlertDismissed(store)).toBe(false);
    dismissEnrichAlert(store, 1_700_000_000_000);
    expect(store.map.get(ENRICH_ALERT_DISMISSED_KEY)).toBe('1700000000000');
    expect(enrichAlertDismissed(store)).toBe(true);
  });
  it('ignores garbage in the key', () => {
    const store = memoryStore();
    store.setItem(ENRICH_ALERT_DISMISSED_KEY, 'yes');
    expect(enrichAlertDismissed(store)).toBe(false);
  });
});

describe('pages without the alert', () => {
  it.each(['/profile', '/signup', '/activate/done', '/premium', '/notifications', '/directdebit', '/settings', '/members/12/signup'])('%s', (path) => {
    expect(enrichAlertSuppressed(path)).toBe(true);
  });
  it.each(['/', '/members', '/members/12', '/likes', '/chats', '/profiles', '/activate/error'])('shows on %s', (path) => {
    expect(enrichAlertSuppressed(path)).toBe(false);
  });
});
