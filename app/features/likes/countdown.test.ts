import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it('shows zero-padded hours:minutes:seconds, rounding seconds up and never below zero', () => {
    expect(formatCountdown(3_723_000, 0)).toBe('01:02:03');
    expect(formatCountdown(86_400_000, 1)).toBe('24:00:00');
    expect(formatCountdown(1_500, 1_000)).toBe('00:00:01');
    expect(formatCountdown(0, 5_000)).toBe('00:00:00');
  });
});
