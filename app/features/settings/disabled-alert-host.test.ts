import { describe, expect, it } from 'vitest';
import { disabledAlertApplies } from './disabled-alert-host';

const stopped = { notifications_disabled: ['bounce'] };

describe('disabled-notifications alert (spec 4: everywhere but settings and notifications)', () => {
  it.each(['/', '/members', '/members/12', '/likes', '/chats', '/profile', '/premium', '/complaints'])('shows on %s', (path) => {
    expect(disabledAlertApplies(stopped, path)).toBe(true);
  });
  it.each(['/settings', '/notifications', '/notifications/'])('stays away from %s', (path) => {
    expect(disabledAlertApplies(stopped, path)).toBe(false);
  });
  it('only for a member whose e-mails were stopped for a known reason', () => {
    expect(disabledAlertApplies(null, '/members')).toBe(false);
    expect(disabledAlertApplies({ notifications_disabled: [] }, '/members')).toBe(false);
    expect(disabledAlertApplies({ notifications_disabled: ['something-else'] }, '/members')).toBe(false);
    expect(disabledAlertApplies({ notifications_disabled: ['fbl', 'listunsubscribe'] }, '/members')).toBe(true);
  });
});
