import { describe, expect, it } from 'vitest';
import { shuffled } from './shuffle';

describe('shuffled', () => {
  const items = Array.from({ length: 1000 }, (_, i) => i);

  it('returns every item once, in another order, leaving the input as it was', () => {
    const out = shuffled(items);
    expect([...out].sort((a, b) => a - b)).toEqual(items);
    expect(out).not.toEqual(items);
    expect(items[0]).toBe(0);
  });

  it('gives the same order every time', () => {
    expect(shuffled(items)).toEqual(shuffled(items));
  });

  it('separates neighbours: few items keep the one that followed them', () => {
    // The chat bench's clients come in pairs (2i, 2i+1) that talk to each other; in the
    // shuffled turn a member's partner should rarely send right after them.
    const out = shuffled(items);
    const adjacentPairs = out.slice(1).filter((x, i) => (x ^ 1) === out[i]).length;
    expect(adjacentPairs).toBeLessThan(10);
  });
});
