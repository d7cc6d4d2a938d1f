import { median, quantile } from './load';

/** How the pooled p99 ratio of `k` rounds spreads over every choice of k rounds of one run. */
export interface RatioSpread {
  k: number;
  /** How many choices of k rounds there are (all of them are computed). */
  choices: number;
  min: number;
  p10: number;
  median: number;
  p90: number;
  max: number;
  /** The share of choices whose ratio is over `limit`. */
  over: number;
}

/** Every choice of k of the indices 0..n-1, in lexicographic order. */
export function* choose(n: number, k: number): Generator<number[]> {
  if (k < 0 || k > n) return;
  const pick = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    yield [...pick];
    let i = k - 1;
    while (i >= 0 && pick[i] === n - k + i) i -= 1;
    if (i < 0) return;
    pick[i] = pick[i]! + 1;
    for (let j = i + 1; j < k; j += 1) pick[j] = pick[j - 1]! + 1;
  }
}

/** The p99 of the chosen rounds' latencies together (as the chat bench pools them). */
export function pooledP99Of(rounds: readonly number[][], chosen: readonly number[]): number {
  return quantile(chosen.flatMap((i) => rounds[i]!).sort((a, b) => a - b), 0.99);
}

/**
 * The chat bench's ratio (`b`'s pooled p99 over `a`'s, the same rounds of each: round i
 * of the two setups ran side by side) for every choice of k rounds out of the run's n:
 * what a run of k rounds could have shown, had the machine's states of this run been all
 * there were. A run of more rounds than the bench uses answers how much a ratio of its
 * rounds moves with which states it happened to meet.
 */
export function pooledRatioSpread(a: readonly number[][], b: readonly number[][], k: number, limit: number): RatioSpread {
  if (a.length !== b.length) throw new Error(`rounds differ: ${a.length} and ${b.length}`);
  const ratios: number[] = [];
  for (const chosen of choose(a.length, k)) ratios.push(pooledP99Of(b, chosen) / pooledP99Of(a, chosen));
  ratios.sort((x, y) => x - y);
  if (ratios.length === 0) throw new Error(`no choice of ${k} of ${a.length} rounds`);
  // Interpolated deciles: with few choices the nearest rank would be the extremes.
  const at = (q: number) => {
    const i = (ratios.length - 1) * q;
    const lo = Math.floor(i);
    const hi = Math.min(lo + 1, ratios.length - 1);
    return ratios[lo]! + (ratios[hi]! - ratios[lo]!) * (i - lo);
  };
  return {
    k,
    choices: ratios.length,
    min: ratios[0]!,
    p10: at(0.1),
    median: median(ratios),
    p90: at(0.9),
    max: ratios[ratios.length - 1]!,
    over: ratios.filter((r) => r > limit).length / ratios.length,
  };
}
