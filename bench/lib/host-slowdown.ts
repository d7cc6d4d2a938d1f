import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';

/**
 * Spells in which the host runs this virtual machine's CPUs several times slower than
 * usual. Measured on the 2-core bench machine with nothing else running: fixed units of
 * compute on both cores at once took 10x their median for 20-60 ms, every few seconds.
 * The guest sees no steal then (its threads are on CPU, only slow), so `host-steal.ts`
 * misses them, yet they set the slowest percent of a run (a search that takes 1.5 ms
 * takes 15 in one).
 *
 * A worker thread runs a small fixed unit of work every 5 ms (about 2 % of a core) and
 * times it; a unit during which the thread was preempted (its involuntary context
 * switches in /proc/thread-self/status moved) is left out, so the bench's own load does
 * not count. A unit that took more than SLOW_FACTOR times the median of all units so far
 * ran on a slowed CPU. The benches report the share of slowed units per run beside steal.
 */
const SLOW_FACTOR = 3;
const STATUS = '/proc/thread-self/status';

// Plain JavaScript (an eval'd worker is not compiled by tsx). Posts [time of day in ms,
// ms the unit took] per unpreempted unit, in batches every 250 ms.
const WORKER_SOURCE = `
const { readFileSync } = require('node:fs');
const { parentPort } = require('node:worker_threads');
const preempted = () => readFileSync('${STATUS}', 'utf8').match(/nonvoluntary_ctxt_switches:\\s*(\\d+)/)[1];
let x = 1;
let batch = [];
setInterval(() => {
  const before = preempted();
  const start = performance.now();
  for (let k = 0; k < 4000; k++) x = (x * 1103515245 + 12345) % 2147483647;
  const took = performance.now() - start;
  if (preempted() === before) batch.push(performance.timeOrigin + start, took);
}, 5);
setInterval(() => {
  parentPort.postMessage(batch);
  batch = [];
}, 250);
`;

export class HostSlowdownWatch {
  private readonly worker: Worker | null;
  /** Per unpreempted unit, in order: when it started (time of day in ms) and how long it took. */
  private readonly at: number[] = [];
  private readonly took: number[] = [];

  constructor() {
    this.worker = existsSync(STATUS) ? new Worker(WORKER_SOURCE, { eval: true }) : null;
    this.worker?.on('message', (batch: number[]) => {
      for (let i = 0; i < batch.length; i += 2) {
        this.at.push(batch[i]!);
        this.took.push(batch[i + 1]!);
      }
    });
    this.worker?.unref();
  }

  /** Now, on the clock `share` takes (time of day in ms). */
  static now(): number {
    return performance.timeOrigin + performance.now();
  }

  /**
   * The share of units between `from` and `to` (HostSlowdownWatch.now()) that ran on a
   * slowed CPU (0-1), or null when unknown. Waits for the units of that span to arrive.
   */
  async share(from: number, to: number): Promise<number | null> {
    if (!this.worker) return null;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return slowedShare(this.at, this.took, from, to);
  }

  async stop(): Promise<void> {
    await this.worker?.terminate();
  }
}

/**
 * Of the units that started between `from` and `to`, the share that took more than
 * SLOW_FACTOR times the median of all units (`at`: start times, `took`: durations, in
 * order); null when none started then.
 */
export function slowedShare(at: readonly number[], took: readonly number[], from: number, to: number): number | null {
  const inSpan = took.filter((_, i) => at[i]! >= from && at[i]! <= to);
  if (inSpan.length === 0) return null;
  const sorted = [...took].sort((a, b) => a - b);
  const usual = sorted[Math.floor(sorted.length / 2)]!;
  return inSpan.filter((ms) => ms > SLOW_FACTOR * usual).length / inSpan.length;
}

/** ", host slowed 3 %" for a run's description ('' when unknown). */
export function describeSlowdown(share: number | null): string {
  return share === null ? '' : `, host slowed ${(share * 100).toFixed(share > 0 && share < 0.01 ? 1 : 0)} %`;
}
