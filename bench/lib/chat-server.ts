/**
 * The chat bench's server process: the real app (buildApp, API only, no SSR) over
 * DATABASE_URL (and REDIS_URL), configured from the environment like server/main.ts, and
 * working on jobs as `npm start` does (every message's notice is handled in the process). It
 * answers its parent over IPC: { type: 'heap' } -> the heap after full garbage
 * collections, so that the bench measures what idle connections cost in the server alone.
 * With BENCH_TRACE it counts the statements it sends, by kind. Run with --expose-gc; the
 * database must be migrated and have its sites (bench/chat.ts).
 */
import '../../server/production-mode';
import pg from 'pg';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { clock, watchEventLoop } from './loop-watch';

export interface HeapReport {
  type: 'heap';
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  rss: number;
}

const config = loadConfig();
if (!config.DATABASE_URL) throw new Error('chat-server: DATABASE_URL is required');
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, embeddedDataDir: null, poolSize: config.DB_POOL_SIZE });
const secret = process.env.COOKIE_SECRET ?? 'bench-cookie-secret-bench-cookie-secret';
const app = await buildApp({ config, database, secrets: { cookieSecret: secret, mediaSecret: secret, vapidPublicKey: 'bench-vapid-public', vapidPrivateKey: 'bench-vapid-private' }, ssrBuild: null, background: true });
await app.listen({ port: config.PORT, host: '127.0.0.1' });
await app.jobs.startWorking();

const gc = (globalThis as { gc?: () => void }).gc;
process.on('message', (message: { type?: string }) => {
  if (message.type !== 'heap') return;
  if (!gc) throw new Error('chat-server: run with --expose-gc');
  // Twice: the first collection's finalizers free more for the second.
  gc();
  gc();
  const m = process.memoryUsage();
  process.send?.({ type: 'heap', heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss } satisfies HeapReport);
});
const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('disconnect', () => void stop());
if (process.env.BENCH_TRACE) {
  watchEventLoop(`server :${config.PORT}`);
  // Statements this process sent to PostgreSQL per 5 s, by kind: a prepared statement's
  // name or the text's first 60 characters (batching shows as fewer per message).
  const statements = new Map<string, number>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: unknown; name?: unknown } | null | undefined;
    const label = typeof first === 'string' ? first : typeof first?.name === 'string' && first.name ? first.name : typeof first?.text === 'string' ? first.text : '?';
    const kind = label.replace(/\s+/g, ' ').slice(0, 60);
    statements.set(kind, (statements.get(kind) ?? 0) + 1);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  setInterval(() => {
    const total = [...statements.values()].reduce((a, b) => a + b, 0);
    if (total > 0) {
      const top = [...statements].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([kind, n]) => `${n} ${kind}`);
      console.error(`${clock()} server :${config.PORT}: ${total} statements in 5 s: ${top.join(' | ')}`);
    }
    statements.clear();
  }, 5000).unref();
}
process.send?.({ type: 'ready' });
