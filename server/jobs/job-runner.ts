import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';

export interface Job {
  /** Stable name; also keys the advisory lock that keeps several processes from running it at once. */
  name: string;
  everyMs: number;
  run(db: Db, now: Date): Promise<void>;
}

/** A 32-bit key for pg_try_advisory_lock, derived from the job's name. */
function lockKey(name: string): number {
  let h = 0;
  for (const c of name) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/**
 * Runs background jobs on timers. With several server processes on one database, a job
 * runs in only one of them at a time: each run holds a PostgreSQL advisory lock, and a
 * process that cannot take it skips that turn.
 */
export class JobRunner {
  private timers: NodeJS.Timeout[] = [];
  private running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(jobs: Job[]): void {
    for (const job of jobs) {
      const timer = setInterval(() => void this.runOnce(job), job.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  /** Runs a job now (if no other process is running it); resolves false when skipped. */
  async runOnce(job: Job, now = new Date()): Promise<boolean> {
    const work = (async () => {
      await this.db.transaction(async (tx) => {
        const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${lockKey(job.name)}) as locked`);
        if (!rows[0]?.locked) throw new SkippedError();
        await job.run(tx as unknown as Db, now);
      });
    })();
    this.running.add(work);
    try {
      await work;
      return true;
    } catch (error) {
      if (error instanceof SkippedError) return false;
      this.log.error({ err: error, job: job.name }, 'job failed');
      return false;
    } finally {
      this.running.delete(work);
    }
  }

  /** Stops the timers and waits for runs in progress (graceful shutdown). */
  async stop(): Promise<void> {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    await Promise.allSettled([...this.running]);
  }
}

class SkippedError extends Error {}
