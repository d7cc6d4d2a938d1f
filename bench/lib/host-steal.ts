import { readFileSync } from 'node:fs';

/**
 * CPU time the host took from this virtual machine ("steal" in /proc/stat): on a shared
 * host, pauses the code did not cause, which set a run's slowest percent. The benches report
 * it beside their tail latencies so a reader can tell a slow run from slow code.
 */
export interface CpuTimes {
  steal: number;
  /** Idle and waiting for I/O. */
  idle: number;
  total: number;
}

/** The machine's CPU times so far (all cores), or null where /proc/stat is not there. */
export function cpuTimes(): CpuTimes | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is in user).
    const fields = line.trim().split(/\s+/).slice(1, 9).map(Number);
    if (fields.length < 8 || fields.some((n) => !Number.isFinite(n))) return null;
    return { steal: fields[7]!, idle: fields[3]! + fields[4]!, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** The share of CPU time stolen between two readings (0-1), or null when unknown. */
export function stealShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  return (after.steal - before.steal) / (after.total - before.total);
}

/**
 * The share of CPU time this machine's own processes used between two readings (0-1, all
 * cores; neither idle nor stolen), or null when unknown: how close a run came to the CPUs' limit.
 */
export function busyShare(before: CpuTimes | null, after: CpuTimes | null): number | null {
  if (!before || !after || after.total <= before.total) return null;
  const total = after.total - before.total;
  return (total - (after.idle - before.idle) - (after.steal - before.steal)) / total;
}

/** ", host steal 4 %" for a run's description ('' when unknown). */
export function describeSteal(share: number | null): string {
  return share === null ? '' : `, host steal ${(share * 100).toFixed(0)} %`;
}
