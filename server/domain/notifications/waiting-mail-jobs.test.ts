import { describe, expect, it } from 'vitest';
import { WaitingMailJobs } from './mail-notifications';

describe('the conversations with a waiting new-messages job', () => {
  it('holds a key until its job is due or handled', () => {
    const waiting = new WaitingMailJobs();
    expect(waiting.free('1:2', 0)).toBe(true);
    waiting.waits('1:2', 1000, 0);
    expect(waiting.free('1:2', 999)).toBe(false);
    expect(waiting.free('1:2', 1000)).toBe(true);
    waiting.waits('1:3', 1000, 0);
    waiting.forget('1:3');
    expect(waiting.free('1:3', 1)).toBe(true);
  });

  it('keeps no more than its limit: the due ones go first, then the oldest', () => {
    const waiting = new WaitingMailJobs(2);
    waiting.waits('a', 10, 0);
    waiting.waits('b', 1000, 0);
    waiting.waits('c', 1000, 20);
    // 'a' was due: dropped; 'b' and 'c' still wait.
    expect([waiting.free('b', 20), waiting.free('c', 20)]).toEqual([false, false]);
    waiting.waits('d', 1000, 30);
    expect(waiting.free('b', 30)).toBe(true);
    expect([waiting.free('c', 30), waiting.free('d', 30)]).toEqual([false, false]);
  });
});
