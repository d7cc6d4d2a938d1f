import { describe, expect, it } from 'vitest';
import { choose, pooledP99Of, pooledRatioSpread } from './round-spread';

/** A round of 100 latencies: 1..100 ms times `scale`. */
const round = (scale: number) => Array.from({ length: 100 }, (_, i) => (i + 1) * scale);

describe('choose', () => {
  it('gives every choice of k of n once', () => {
    expect([...choose(4, 2)]).toEqual([
      [0, 1],
      [0, 2],
      [0, 3],
      [1, 2],
      [1, 3],
      [2, 3],
    ]);
    expect([...choose(8, 3)]).toHaveLength(56);
    expect([...choose(3, 3)]).toEqual([[0, 1, 2]]);
    expect([...choose(2, 3)]).toEqual([]);
  });
});

describe('pooledRatioSpread', () => {
  it('pools the chosen rounds before taking the p99', () => {
    // 1..100 and 3..300: together the p99 is the 198th of 200 values, 297 (from the second).
    expect(pooledP99Of([round(1), round(3)], [0, 1])).toBe(297);
    expect(pooledP99Of([round(1), round(3)], [0])).toBe(100);
  });

  it('finds the same ratio for every choice when the rounds agree', () => {
    const a = [round(1), round(1), round(1), round(1)];
    const b = [round(2), round(2), round(2), round(2)];
    const spread = pooledRatioSpread(a, b, 2, 1.5);
    expect(spread).toMatchObject({ k: 2, choices: 6, min: 2, median: 2, max: 2, over: 1 });
  });

  it('shows one slow round weighing less the more rounds are pooled', () => {
    // Round 0 of b is three times as slow: alone it gives 3, pooled with others less.
    const a = Array.from({ length: 6 }, () => round(1));
    const b = [round(3), ...Array.from({ length: 5 }, () => round(1.1))];
    const one = pooledRatioSpread(a, b, 1, 1.5);
    const three = pooledRatioSpread(a, b, 3, 1.5);
    const six = pooledRatioSpread(a, b, 6, 1.5);
    expect(one.max).toBeCloseTo(3);
    expect(one.min).toBeCloseTo(1.1);
    expect(one.over).toBeCloseTo(1 / 6);
    expect(three.max).toBeLessThan(one.max);
    expect(three.max).toBeGreaterThan(1.5);
    expect(six.choices).toBe(1);
    expect(six.max).toBeLessThan(three.max);
  });

  it('refuses rounds that do not pair up', () => {
    expect(() => pooledRatioSpread([round(1)], [round(1), round(1)], 1, 1.5)).toThrow(/rounds differ/);
  });
});
