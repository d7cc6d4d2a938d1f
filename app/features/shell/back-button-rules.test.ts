import { describe, expect, it } from 'vitest';
import { showsBackButton } from './back-button-rules';

const base = { installedApp: true, routeId: 'members-id', historyLength: 2 };

describe('showsBackButton', () => {
  it.each(['members-id', 'likes', 'likes-type', 'likes-m-id', 'credits', 'credits-repeat-order', 'credits-id-paymentmethod', 'directdebit'])('shows on %s', (routeId) => {
    expect(showsBackButton({ ...base, routeId })).toBe(true);
  });

  it.each(['index', 'members', 'chats', 'chats-id', 'profile', 'notifications', 'pages-faq', undefined])('not on %s', (routeId) => {
    expect(showsBackButton({ ...base, routeId })).toBe(false);
  });

  it('not in a browser tab, which has its own Back button', () => {
    expect(showsBackButton({ ...base, installedApp: false })).toBe(false);
  });

  it('not on the first page of the history', () => {
    expect(showsBackButton({ ...base, historyLength: 1 })).toBe(false);
  });
});
