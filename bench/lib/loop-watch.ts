import { constants, monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';

/** Wall-clock time of day to the millisecond, to line up traces of several processes. */
export const clock = () => new Date().toISOString().slice(11, 23);

/**
 * For a bench trace (BENCH_TRACE=1): prints, every 250 ms in which it happened, that this
 * process's event loop was busy more than 60 % of the time or was held up more than 25 ms at
 * once, so that a latency spike can be told apart from a stalled process, and every garbage
 * collection of 5 ms or more and every major one (its marking runs in steps between the
 * pauses, so a short final pause still marks a costly collection), with its kind. Unref'd.
 */
export function watchEventLoop(label: string): void {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let since = performance.eventLoopUtilization();
  setInterval(() => {
    const busy = performance.eventLoopUtilization(since).utilization;
    since = performance.eventLoopUtilization();
    const worst = delay.max / 1e6;
    delay.reset();
    if (busy > 0.6 || worst > 25) console.error(`${clock()} ${label}: event loop busy ${Math.round(busy * 100)} %, held up ${worst.toFixed(0)} ms at most`);
  }, 250).unref();
  // Collections long enough to matter, every major one, and of which kind (a major one of a neighbour takes a core).
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      const name = kind === constants.NODE_PERFORMANCE_GC_MAJOR ? 'major' : kind === constants.NODE_PERFORMANCE_GC_MINOR ? 'minor' : kind === constants.NODE_PERFORMANCE_GC_INCREMENTAL ? 'incremental' : 'weak callbacks';
      if (entry.duration >= 5 || kind === constants.NODE_PERFORMANCE_GC_MAJOR) console.error(`${clock()} ${label}: ${name} garbage collection ${entry.duration.toFixed(0)} ms`);
    }
  }).observe({ entryTypes: ['gc'] });
}
