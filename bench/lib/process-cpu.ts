import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time by role (the bench's clients, the app's server processes, PostgreSQL, Redis),
 * read from /proc: what a run cost, per message, whatever the latency. Steadier than a
 * run's tail latency, which moves with anything else the machine does, so that a change's
 * cost shows in one run. Linux only (elsewhere every reading is empty).
 */
export type CpuRoles = Record<string, number>;

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** utime + stime of one process in seconds, and its command name; null when gone. */
function readStat(pid: string): { comm: string; seconds: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ..."; comm may hold spaces and parentheses: it ends at the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // Fields from the state on: utime is the 14th of the line, the 12th from here.
    return { comm, seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

/**
 * CPU seconds so far by role: `roles` names processes by pid, and every process whose
 * command is `postgres` or `redis-server` counts as that (the bench's own database and
 * Redis: nothing else of the kind runs beside a bench). A process that ended between two
 * readings drops out of the second one, so readings are taken while the setup runs.
 */
export function cpuByRole(roles: Record<number, string>): CpuRoles {
  const out: CpuRoles = {};
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return out;
  }
  for (const pid of pids) {
    const stat = readStat(pid);
    if (!stat) continue;
    const name = roles[Number(pid)] ?? (/^(postgres|redis-server)$/.test(stat.comm) ? stat.comm : null);
    if (name === null) continue;
    out[name] = (out[name] ?? 0) + stat.seconds;
  }
  return out;
}

/** What each role used between two readings, in seconds (a process that started in between counts from zero). */
export function cpuBetween(before: CpuRoles, after: CpuRoles): CpuRoles {
  const out: CpuRoles = {};
  for (const [role, seconds] of Object.entries(after)) out[role] = Math.max(0, seconds - (before[role] ?? 0));
  return out;
}
