import { describe, expect, it } from 'vitest';
import { mulberry32 } from './seeded-random';

describe('mulberry32', () => {
  it('repeats its sequence for a seed and stays in [0, 1)', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(xs).toEqual(Array.from({ length: 1000 }, () => b()));
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs).size).toBe(1000);
    expect(mulberry32(43)()).not.toBe(mulberry32(42)());
  });
});
