import { describe, expect, it } from 'vitest';
import { enrichAlertSuppressed } from './enrich-alert-host';

describe('pages without the alert', () => {
  it.each(['/profile', '/signup', '/activate/done', '/premium', '/notifications', '/directdebit', '/settings', '/members/12/signup'])('%s', (path) => {
    expect(enrichAlertSuppressed(path)).toBe(true);
  });
  it.each(['/', '/members', '/members/12', '/likes', '/chats', '/profiles', '/activate/error'])('shows on %s', (path) => {
    expect(enrichAlertSuppressed(path)).toBe(false);
  });
});
