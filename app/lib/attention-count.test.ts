import { describe, expect, it } from 'vitest';
import { hasAttentionCount, setAttentionCount, subscribe, total } from './attention-count';

describe('attention count', () => {
  it('sums unread messages and new likes, and tells listeners when the sum changes', () => {
    const calls: number[] = [];
    const off = subscribe(() => calls.push(total));
    expect(hasAttentionCount('messages')).toBe(false);
    setAttentionCount('messages', 3);
    setAttentionCount('likes', 2);
    expect(total).toBe(5);
    setAttentionCount('likes', 2);
    setAttentionCount('messages', 0);
    expect(calls).toEqual([3, 5, 2]);
    expect(hasAttentionCount('messages')).toBe(true);
    off();
    setAttentionCount('likes', 0);
    expect(calls).toEqual([3, 5, 2]);
    expect(total).toBe(0);
  });
});
