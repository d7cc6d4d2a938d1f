import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './countdown';

describe('formatCountdown (offer banner, swipe game)', () => {
  it('is zero-padded hours:minutes:seconds with colons, never below zero', () => {
    expect(formatCountdown(4 * 3600 - 5)).toBe('03:59:55');
    expect(formatCountdown(3723)).toBe('01:02:03');
    expect(formatCountdown(61)).toBe('00:01:01');
    expect(formatCountdown(0)).toBe('00:00:00');
    expect(formatCountdown(-3)).toBe('00:00:00');
  });

  it('counts total hours past a day (the welcome offer, the swipe game)', () => {
    expect(formatCountdown(24 * 3600)).toBe('24:00:00');
    expect(formatCountdown(47 * 3600 + 59 * 60 + 59)).toBe('47:59:59');
    expect(formatCountdown(100 * 3600)).toBe('100:00:00');
  });
});

describe('secondsUntil', () => {
  it('rounds the seconds up (the last second shows 00:00:01) and never goes below zero', () => {
    expect(secondsUntil(3_723_000, 0)).toBe(3723);
    expect(secondsUntil(1_500, 1_000)).toBe(1);
    expect(secondsUntil(0, 5_000)).toBe(0);
  });
});
