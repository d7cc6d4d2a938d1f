import { describe, expect, it, vi } from 'vitest';
import { testAppForFile } from '../test-support/test-app-for-file';
import { loggedInMember } from '../test-support/test-client';
import { NOTIFY_LIKE } from '../domain/notifications/notification-queues';
import { JobQueue, type QueueDefinition } from './job-queue';

const t = testAppForFile();

/** A second queue on the test app's database: another process, or the same one after a restart. */
function queueWith(definition: QueueDefinition<{ n: number }>, background = false): JobQueue {
  const queue = new JobQueue(t.database.pool, t.database.db, t.app.log, background);
  queue.define([definition]);
  return queue;
}

describe('the job queue', () => {
  it('keeps a queued job when the process that sent it stops, for the next one to handle', async () => {
    const seen: number[] = [];
    const sender = queueWith({ name: 'durable', handle: async () => undefined });
    await sender.send('durable', { n: 1 });
    await sender.stop();

    const next = queueWith({ name: 'durable', handle: async ({ n }) => void seen.push(n) });
    expect(await next.waiting('durable')).toBe(1);
    expect(await next.drain(['durable'])).toBe(1);
    expect(seen).toEqual([1]);
    expect(await next.waiting('durable')).toBe(0);
    await next.stop();
  });

  it('retries a failed job after its backoff, and only the failed one of a batch', async () => {
    let failOnce = true;
    const seen: number[] = [];
    const queue = queueWith({
      name: 'flaky',
      retryDelaySeconds: 1,
      async handle({ n }) {
        if (n === 2 && failOnce) {
          failOnce = false;
          throw new Error('SMTP down');
        }
        seen.push(n);
      },
    });
    await queue.send('flaky', { n: 1 });
    await queue.send('flaky', { n: 2 });
    await expect(queue.drain(['flaky'])).rejects.toThrow('SMTP down');
    expect(seen).toEqual([1]);
    // Not before its backoff is over.
    expect(await queue.drain(['flaky'])).toBe(0);
    // pg-boss waits between 1 and 2 retry delays before the first retry (jittered backoff).
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(await queue.drain(['flaky'])).toBe(1);
    expect(seen).toEqual([1, 2]);
    await queue.stop();
  });

  it('works on a job at once in a background process', async () => {
    let handled: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (handled = resolve));
    const queue = queueWith({ name: 'prompt', pollingIntervalSeconds: 30, handle: async () => handled() }, true);
    await queue.startWorking();
    const started = Date.now();
    await queue.send('prompt', { n: 1 });
    await done;
    // A send in this process wakes its worker: far sooner than the 30 s poll.
    expect(Date.now() - started).toBeLessThan(10_000);
    await queue.stop();
  });

  it('stores enqueued jobs together after a moment, in one statement, and hands them to a worker', async () => {
    const seen: number[] = [];
    const queue = queueWith({ name: 'gathered', handle: async ({ n }) => void seen.push(n) });
    const stored = async () => Number((await t.database.pool.query(`select count(*) from pgboss.job where name = 'gathered'`)).rows[0].count);
    await queue.start();
    const statements: string[] = [];
    const query = t.database.pool.query.bind(t.database.pool);
    const spy = vi.spyOn(t.database.pool, 'query').mockImplementation(((text: string, values?: unknown[]) => {
      if (typeof text === 'string' && text.includes('INSERT INTO pgboss.job')) statements.push(text);
      return query(text, values);
    }) as typeof t.database.pool.query);
    try {
      for (const n of [1, 2, 3]) queue.enqueue('gathered', { n });
      expect(await stored()).toBe(0);
      await expect.poll(stored, { timeout: 5000 }).toBe(3);
      expect(statements).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    expect(await queue.drain(['gathered'])).toBe(3);
    expect(seen.sort()).toEqual([1, 2, 3]);
    // What is still held when the process stops is stored first.
    queue.enqueue('gathered', { n: 4 });
    await queue.stop();
    expect(await stored()).toBe(4);
  });

  it('stores what a gathered queue gathers as one job, handles the jobs of a fetch in one call, and retries them as a whole', async () => {
    const calls: number[][] = [];
    let failOnce = true;
    const queue = new JobQueue(t.database.pool, t.database.db, t.app.log);
    queue.define([
      {
        name: 'together',
        retryDelaySeconds: 1,
        async handleGathered(items: { n: number }[]) {
          calls.push(items.map((i) => i.n).sort());
          if (failOnce) {
            failOnce = false;
            throw new Error('push service down');
          }
        },
      },
    ]);
    for (const n of [1, 2, 3]) queue.enqueue('together', { n });
    await queue.flush();
    queue.enqueue('together', { n: 4 });
    expect(await queue.waiting('together')).toBe(4);
    const jobs = await t.database.pool.query(`select jsonb_array_length(data->'items') as items from pgboss.job where name = 'together' order by created_on`);
    expect(jobs.rows.map((r: { items: number }) => r.items)).toEqual([3, 1]);
    await expect(queue.drain(['together'])).rejects.toThrow('push service down');
    expect(calls).toEqual([[1, 2, 3, 4]]);
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(await queue.drain(['together'])).toBe(4);
    expect(calls).toEqual([
      [1, 2, 3, 4],
      [1, 2, 3, 4],
    ]);
    await queue.stop();
  });

  it('refuses to send to a queue nobody declared', async () => {
    await expect(t.app.jobs.send('no-such-queue', {})).rejects.toThrow('No queue named no-such-queue');
  });

  it('queues a notice for a committed like, for the liked member only', async () => {
    const a = await loggedInMember(t, { gender: 'male', sexuality: 'hetero' });
    const b = await loggedInMember(t, { gender: 'female', sexuality: 'hetero' });
    const before = await t.app.jobs.waiting(NOTIFY_LIKE);
    expect((await a.api.post('/api/like.php', { profile_id: b.member.id, source: 'profile' })).statusCode).toBe(200);
    await expect.poll(() => t.app.jobs.waiting(NOTIFY_LIKE)).toBe(before + 1);
    // Liking again is no new like: no second notice.
    await a.api.post('/api/like.php', { profile_id: b.member.id, source: 'profile' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await t.app.jobs.waiting(NOTIFY_LIKE)).toBe(before + 1);
  });
});
