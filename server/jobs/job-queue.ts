import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';

/** Work that runs on a timetable (cron, UTC) in exactly one process at a time. */
export interface ScheduledJob {
  /** Stable name: the queue's name in pg-boss. */
  name: string;
  cron: string;
  run(db: Db, now: Date): Promise<void>;
}

/** A queue of one kind of work; a job is retried with backoff when its handler throws. */
export type QueueDefinition<T extends object> = QueueOptions & (
  | { handle(data: T): Promise<void>; handleGathered?: never }
  /**
   * A gathered queue: what `enqueue` gathers in a moment is one job, and the jobs of a fetch are
   * handled in one call (set-based). When it throws, those jobs are retried as a whole.
   */
  | { handleGathered(items: T[]): Promise<void>; handle?: never }
);

interface QueueOptions {
  name: string;
  /** Jobs fetched per poll and handled side by side. */
  batchSize?: number;
  retryLimit?: number;
  /** The first retry's delay; each further one doubles it (pg-boss's backoff). */
  retryDelaySeconds?: number;
  /** Seconds between polls when the queue was empty (a send in this process wakes it at once). */
  pollingIntervalSeconds?: number;
  /** pg-boss's `short`: one waiting job per singleton key, further sends dropped (debounced notices). */
  policy?: 'standard' | 'short';
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each queue has its own data type
type AnyQueue = QueueDefinition<any>;

export type SendOptions = Pick<PgBoss.SendOptions, 'singletonKey' | 'singletonSeconds' | 'startAfter'>;

/** A job for `sendMany`: its data, and a singleton key and delay (seconds) when it has them. */
export interface ManyJob {
  data: object;
  singletonKey?: string;
  startAfterSeconds?: number;
}

/** pg-boss's tables live in this schema of the application's database. */
const SCHEMA = 'pgboss';

/**
 * `enqueue` gathers jobs this long, then stores them in one statement per queue (each
 * statement on pg-boss's partitioned table costs PostgreSQL a plan: a few a second, not ten)...
 */
export const ENQUEUE_WINDOW_MS = 500;
/** ...or as soon as this many wait. */
const ENQUEUE_MAX = 2000;

/**
 * The durable job queue (decision 0023): pg-boss on the application's own database, embedded
 * or server, through the application's pool (PGlite serves one connection). Jobs outlive the
 * process; a failed job is retried with backoff; a scheduled job is created once per slot
 * however many processes run, and a queue with the singleton policy runs one at a time.
 *
 * Only the process started with `background: true` (npm start) works on jobs; other users of
 * the app (tests, commands) only send, and a test hands the queued work over with `drain()`.
 * Send after the transaction that makes the work real has committed: inside it, the embedded
 * database's single connection is taken.
 */
export class JobQueue {
  private boss: PgBoss | null = null;
  private starting: Promise<PgBoss> | null = null;
  private readonly queues = new Map<string, AnyQueue>();
  private readonly scheduled = new Map<string, ScheduledJob>();
  private readonly workerIds = new Map<string, string>();

  private working = false;
  private stopping = false;
  /** Jobs `enqueue` holds until the next flush, by queue. */
  private pending = new Map<string, object[]>();
  private flushTimer: NodeJS.Timeout | null = null;
  private flushed: Promise<void> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** This process works on jobs (npm start): pg-boss's maintenance and timetable run here too. */
    private readonly background = false,
  ) {}

  /** Declares queues and scheduled jobs; call before start(). */
  define(queues: readonly AnyQueue[], scheduled: readonly ScheduledJob[] = []): void {
    for (const q of queues) this.queues.set(q.name, q);
    for (const s of scheduled) this.scheduled.set(s.name, s);
  }

  /** Opens pg-boss (installing its schema on first use). */
  start(): Promise<PgBoss> {
    this.starting ??= this.open();
    return this.starting;
  }

  /** In a background process: works on every queue and keeps the timetable. */
  async startWorking(): Promise<void> {
    if (!this.background) throw new Error('This job queue was not made for background work');
    const boss = await this.start();
    if (this.working || this.stopping) return;
    this.working = true;
    try {
      await this.work(boss);
    } catch (error) {
      // A shutdown that began while the workers were being set up is no failure.
      if (!this.stopping) throw error;
    }
  }

  private async open(): Promise<PgBoss> {
    const background = this.background;
    const { default: PgBossClass } = await import('pg-boss');
    const boss = new PgBossClass({
      db: { executeSql: (text, values) => this.pool.query(text, values) },
      schema: SCHEMA,
      supervise: background,
      schedule: background,
      // Finished jobs are kept a week for inspection, then deleted.
      deleteAfterDays: 7,
    });
    boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
    await boss.start();
    for (const q of this.queues.values()) {
      await boss.createQueue(q.name, { name: q.name, policy: q.policy ?? 'standard', retryLimit: q.retryLimit ?? 5, retryDelay: q.retryDelaySeconds ?? 30, retryBackoff: true });
    }
    for (const s of this.scheduled.values()) {
      // Singleton: a run that lasts past the next slot is not joined by a second one.
      await boss.createQueue(s.name, { name: s.name, policy: 'singleton', retryLimit: 2, retryDelay: 300, retryBackoff: true });
    }
    this.boss = boss;
    return boss;
  }

  private async work(boss: PgBoss): Promise<void> {
    for (const q of this.queues.values()) {
      const id = await boss.work<object>(q.name, { batchSize: q.batchSize ?? 10, pollingIntervalSeconds: q.pollingIntervalSeconds ?? 2 }, (jobs) => this.handleBatch(q, jobs));
      this.workerIds.set(q.name, id);
    }
    for (const s of this.scheduled.values()) {
      await boss.schedule(s.name, s.cron, {}, { tz: 'UTC' });
      await boss.work(s.name, { pollingIntervalSeconds: 30 }, async () => {
        await s.run(this.db, new Date());
      });
    }
  }

  /** Handles a batch; a failure fails the batch's failed jobs only, which pg-boss retries. */
  private async handleBatch(q: AnyQueue, jobs: PgBoss.Job<object>[]): Promise<void> {
    const results = await handleJobs(q, jobs);
    const failed = jobs.filter((_, i) => results[i]!.status === 'rejected');
    if (failed.length === 0) return;
    const firstError = (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as unknown;
    this.log.warn({ err: firstError, queue: q.name, failed: failed.length }, 'jobs failed; retried later');
    const done = jobs.filter((_, i) => results[i]!.status === 'fulfilled').map((j) => j.id);
    const boss = this.boss!;
    if (done.length > 0) await boss.complete(q.name, done);
    // Failing them here and resolving keeps pg-boss from failing (and retrying) the whole batch.
    await boss.fail(
      q.name,
      failed.map((j) => j.id),
    );
  }

  /** Queues a job; resolves with its id, or null when a singleton key already holds one. */
  async send(name: string, data: object, options: SendOptions = {}): Promise<string | null> {
    if (!this.queues.has(name)) throw new Error(`No queue named ${name}`);
    const boss = await this.start();
    const id = await boss.send(name, this.queues.get(name)!.handleGathered ? ({ items: [data] } satisfies Gathered) : data, options);
    this.wake(name);
    return id;
  }

  /** Many jobs of one queue in one statement; a job whose singleton key holds one already is dropped. */
  async sendMany(name: string, jobs: readonly ManyJob[]): Promise<void> {
    if (!this.queues.has(name)) throw new Error(`No queue named ${name}`);
    if (jobs.length === 0) return;
    const boss = await this.start();
    await boss.insert(
      jobs.map((job) => ({
        name,
        data: job.data,
        ...(job.singletonKey === undefined ? {} : { singletonKey: job.singletonKey }),
        // pg-boss casts a bare number of seconds to an interval.
        ...(job.startAfterSeconds === undefined ? {} : { startAfter: String(job.startAfterSeconds) }),
      })),
    );
    this.wake(name);
  }

  /**
   * Queues a job with the others of the next moment: every job enqueued within
   * ENQUEUE_WINDOW_MS is stored in one statement per queue (a statement per chat message would
   * cost the database one more statement per message at 1,000 messages a second). Never
   * throws: a failure to store is logged with the queue and the count. Jobs still held when
   * the process dies are lost, like a send between a commit and its call.
   */
  enqueue(name: string, data: object): void {
    if (!this.queues.has(name)) throw new Error(`No queue named ${name}`);
    let held = this.pending.get(name);
    if (!held) this.pending.set(name, (held = []));
    held.push(data);
    if (held.length >= ENQUEUE_MAX) void this.flush();
    else this.flushTimer ??= setTimeout(() => void this.flush(), ENQUEUE_WINDOW_MS);
  }

  /** Stores the jobs `enqueue` holds; resolves when they (and earlier flushes) are stored or logged as lost. */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const batches = [...this.pending];
    this.pending = new Map();
    // One flush after the other: jobs are stored in the order they were enqueued.
    this.flushed = this.flushed.then(async () => {
      for (const [name, data] of batches) {
        await this.sendMany(
          name,
          this.queues.get(name)!.handleGathered ? [{ data: { items: data } satisfies Gathered }] : data.map((d) => ({ data: d })),
        ).catch((err: unknown) => this.log.error({ err, queue: name, jobs: data.length }, 'jobs not queued'));
      }
    });
    return this.flushed;
  }

  /**
   * A worker in this process picks up new jobs now rather than at its next poll. Not a
   * gathered queue's: its worker polls, and takes what arrived meanwhile in one fetch.
   */
  private wake(name: string): void {
    if (this.queues.get(name)?.handleGathered) return;
    const worker = this.workerIds.get(name);
    if (worker) this.boss?.notifyWorker(worker);
  }

  /**
   * Handles the queued jobs of `names` (all queues when omitted) now, in this process, until
   * none is left: what tests and commands use in place of the background workers. Resolves
   * with the number handled (a gathered queue's items); the first failure is thrown after its batch.
   */
  async drain(names?: readonly string[]): Promise<number> {
    await this.flush();
    const boss = await this.start();
    let handled = 0;
    for (;;) {
      let round = 0;
      for (const q of this.queues.values()) {
        if (names && !names.includes(q.name)) continue;
        const jobs = await boss.fetch<object>(q.name, { batchSize: 100 });
        if (jobs.length === 0) continue;
        round += q.handleGathered ? jobs.reduce((n, job) => n + (job.data as Gathered).items.length, 0) : jobs.length;
        const results = await handleJobs(q, jobs);
        const ok = jobs.filter((_, i) => results[i]!.status === 'fulfilled').map((j) => j.id);
        const failed = jobs.filter((_, i) => results[i]!.status === 'rejected').map((j) => j.id);
        if (ok.length > 0) await boss.complete(q.name, ok);
        if (failed.length > 0) {
          // Failed as in the background: pg-boss retries them after their backoff.
          await boss.fail(q.name, failed);
          throw (results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason;
        }
      }
      handled += round;
      if (round === 0) return handled;
    }
  }

  /** How many jobs of a queue wait (created or retry); a gathered queue's items. */
  async waiting(name: string): Promise<number> {
    await this.flush();
    await this.start();
    const count = this.queues.get(name)?.handleGathered ? `sum(jsonb_array_length(data->'items'))` : 'count(*)';
    const { rows } = await this.pool.query<{ n: string | null }>(`select ${count} as n from ${SCHEMA}.job where name = $1 and state in ('created', 'retry')`, [name]);
    return Number(rows[0]?.n ?? 0);
  }

  /** Runs a scheduled job now in this process (tests, commands). */
  async runOnce(job: ScheduledJob, now = new Date()): Promise<void> {
    await job.run(this.db, now);
  }

  /** Stops working (jobs in progress finish, up to 10 s) and detaches from the database. */
  async stop(): Promise<void> {
    await this.flush();
    this.stopping = true;
    if (!this.starting) return;
    const boss = await this.starting.catch(() => null);
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
  }
}

/** A gathered queue's job: the items enqueued together. */
interface Gathered {
  items: object[];
}

/**
 * A batch through its queue's handler: one result per job. Jobs one by one side by side; a
 * gathered queue's jobs in one call, which fails or succeeds for all of them.
 */
async function handleJobs(q: AnyQueue, jobs: PgBoss.Job<object>[]): Promise<PromiseSettledResult<unknown>[]> {
  if (!q.handleGathered) return Promise.allSettled(jobs.map((job) => q.handle(job.data)));
  const [result] = await Promise.allSettled([q.handleGathered(jobs.flatMap((job) => (job.data as Gathered).items))]);
  return jobs.map(() => result);
}
