import { describe, expect, it } from 'vitest';
import { PingSweep } from './ping-sweep';

function sweepOf(n: number, slices: number) {
  const all = new Set(Array.from({ length: n }, (_, i) => i));
  const visits: number[][] = [];
  const sweep = new PingSweep(all, slices, (batch) => visits.push(batch));
  return { all, visits, sweep };
}

describe('PingSweep', () => {
  it('pings nobody before a whole cycle has passed', () => {
    const { sweep, visits } = sweepOf(10, 5);
    for (let i = 0; i < 4; i += 1) sweep.tick();
    expect(visits).toEqual([]);
  });

  it('spreads one cycle over its ticks, each connection once', () => {
    const { sweep, visits } = sweepOf(1000, 30);
    for (let i = 0; i < 30 + 29; i += 1) sweep.tick();
    // 34 per tick (ceil(1000 / 30)); the last tick of the cycle has the rest.
    expect(visits.map((b) => b.length)).toEqual([...Array<number>(29).fill(34), 14]);
    expect(new Set(visits.flat()).size).toBe(1000);
    expect(visits.flat()).toHaveLength(1000);
    // The next cycle begins at the next tick.
    sweep.tick();
    expect(visits.at(-1)).toHaveLength(34);
  });

  it('pings a single connection once per cycle, not at every tick', () => {
    const { sweep, visits } = sweepOf(1, 30);
    for (let i = 0; i < 90; i += 1) sweep.tick();
    expect(visits).toEqual([[0], [0], [0]]);
  });

  it('skips connections closed during the cycle and leaves new ones for the next', () => {
    const { all, sweep, visits } = sweepOf(4, 4);
    for (let i = 0; i < 4; i += 1) sweep.tick();
    expect(visits).toEqual([[0]]);
    all.delete(1);
    all.add(99);
    for (let i = 0; i < 3; i += 1) sweep.tick();
    expect(visits).toEqual([[0], [2], [3]]);
    sweep.tick();
    expect(visits.at(-1)).toEqual([0]);
    expect(visits.flat()).not.toContain(99);
    for (let i = 0; i < 3; i += 1) sweep.tick();
    expect(visits.flat()).toContain(99);
  });

  it('now() visits every open connection at once', () => {
    const { sweep, visits } = sweepOf(3, 30);
    sweep.now();
    expect(visits).toEqual([[0, 1, 2]]);
  });
});
