import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

const ORIGIN = 'https://rendezvous.example';

describe('notificationTarget', () => {
  it('opens the page the push names', () => {
    expect(notificationTarget({ url: '/chats/42' }, ORIGIN)).toBe(`${ORIGIN}/chats/42`);
    expect(notificationTarget({ url: '/likes/received?x=1' }, ORIGIN)).toBe(`${ORIGIN}/likes/received?x=1`);
  });

  it.each([['//evil.example/x'], ['/\\evil.example'], ['https://evil.example/'], ['chats/42'], [42], [undefined]])('never leaves the site for %s', (url) => {
    expect(notificationTarget({ url }, ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('opens the home page for data without a url', () => {
    expect(notificationTarget(null, ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
