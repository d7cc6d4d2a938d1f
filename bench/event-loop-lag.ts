import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../server/db/database';

const CLIENTS = 4;
const DURATION_MS = 5_000;
// A realistic heavy read: join and aggregate over generated rows.
const QUERY = 'select count(*), sum(a.n * b.n) from generate_series(1, 20000) a(n) join generate_series(1, 20) b(n) on true';

async function measure(run: () => Promise<unknown>): Promise<{ p99Ms: number; queries: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const end = Date.now() + DURATION_MS;
  let queries = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (Date.now() < end) {
        await run();
        queries += 1;
        // A server handles other work between two queries of one client: let timers run.
        await yieldToLoop();
      }
    }),
  );
  histogram.disable();
  return { p99Ms: histogram.percentile(99) / 1e6, queries };
}

/**
 * Event-loop lag p99 while 4 clients run queries back to back: the app's embedded
 * database (PGlite in a worker, reached over node-postgres) against PGlite on the main thread.
 */
export async function eventLoopLag() {
  const database = await openDatabase({ embeddedDataDir: null, poolSize: 1 });
  const worker = await measure(() => database.db.execute(sql.raw(QUERY)));
  await database.close();
  const inThread = await PGlite.create();
  const mainThread = await measure(() => inThread.query(QUERY));
  await inThread.close();
  return { worker, mainThread };
}
