import { describe, expect, it } from 'vitest';
import { MessageNoticeFilter, RECIPIENT_REACH_TTL_MS } from './message-notice-filter';

describe('the message notice filter', () => {
  it('calls a notice needless only for a recipient known to get no push, and no mail or a waiting one', () => {
    const filter = new MessageNoticeFilter();
    // Nothing known: every notice counts.
    expect(filter.needless(1, 10, 0)).toBe(false);
    filter.learned(1, false, false, 0);
    expect(filter.needless(1, 10, 0)).toBe(true);
    // May be mailed: needless only while the conversation's mail job waits.
    filter.learned(2, false, true, 0);
    expect(filter.needless(2, 10, 0)).toBe(false);
    filter.waitingMails.waits('2:10', 900_000, 0);
    expect([filter.needless(2, 10, 0), filter.needless(2, 11, 0)]).toEqual([true, false]);
    // A device: never needless.
    filter.learned(3, true, false, 0);
    expect(filter.needless(3, 10, 0)).toBe(false);
  });

  it('forgets what it learned after a minute, or when the member changes what they get', () => {
    const filter = new MessageNoticeFilter();
    filter.learned(1, false, false, 0);
    expect(filter.needless(1, 10, RECIPIENT_REACH_TTL_MS - 1)).toBe(true);
    expect(filter.needless(1, 10, RECIPIENT_REACH_TTL_MS)).toBe(false);
    filter.learned(1, false, false, 0);
    filter.forget(1);
    expect(filter.needless(1, 10, 0)).toBe(false);
  });

  it('keeps no more members than its limit, dropping the oldest', () => {
    const filter = new MessageNoticeFilter(2);
    for (const id of [1, 2, 3]) filter.learned(id, false, false, 0);
    expect([1, 2, 3].map((id) => filter.needless(id, 10, 0))).toEqual([false, true, true]);
  });
});
