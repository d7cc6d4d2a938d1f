import { describe, expect, it } from 'vitest';
import { pushAlertShows, pushAlertSuppressed } from './push-alert-rules';

describe('the push alert (spec 4: everywhere but signup, notifications, activate-done, directdebit, premium)', () => {
  it.each(['/signup', '/members/12/signup', '/complete-signup', '/notifications', '/notifications/', '/activate/done', '/directdebit', '/premium'])('stays away from %s', (path) => {
    expect(pushAlertSuppressed(path)).toBe(true);
  });
  it.each(['/', '/members', '/members/12', '/likes', '/chats', '/settings', '/profile', '/credits', '/activate/error', '/signup-matches', '/premiums'])('shows on %s', (path) => {
    expect(pushAlertSuppressed(path)).toBe(false);
  });
  it('shows only while push can be offered and the member has not dismissed it', () => {
    expect(pushAlertShows('capable', false)).toBe(true);
    expect(pushAlertShows('capable', true)).toBe(false);
    for (const state of ['unknown', 'unsupported', 'subscribed', 'denied'] as const) expect(pushAlertShows(state, false)).toBe(false);
  });
});
