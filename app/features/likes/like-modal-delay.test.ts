import { describe, expect, it } from 'vitest';
import { likeModalDelay } from './likes-host';

describe('likeModalDelay (?t= of the like modal)', () => {
  it('accepts positive whole numbers of seconds only', () => {
    expect(likeModalDelay('3')).toBe(3);
    expect(likeModalDelay('120')).toBe(120);
    for (const bad of [null, '', '0', '-3', '1.5', '3s', 'abc', '99999999999999999999']) expect(likeModalDelay(bad), String(bad)).toBeNull();
  });
});
