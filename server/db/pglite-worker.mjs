/**
 * Runs the embedded PostgreSQL (PGlite, WASM) on its own thread. PGlite executes
 * queries on the thread that owns it and blocks that thread, so hosting it here keeps
 * the main event loop (HTTP, WebSockets, timers) free while a slow query runs.
 * The main thread talks to it over loopback TCP with node-postgres, the same driver
 * it uses for a real PostgreSQL server.
 *
 * Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader
 * of its parent under every runner (node --import tsx, vitest), and this file is small.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** @type {{ dataDir: string | null }} */
const { dataDir } = workerData;
const db = await PGlite.create(dataDir ? { dataDir } : {});
// More connections than the pool's one: a connection the pool drops after a failed query
// closes while its successor connects, and a server at its limit would refuse the successor.
const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 4 });
await server.start();
const conn = server.getServerConn();
parentPort?.postMessage({ type: 'ready', conn });

parentPort?.on('message', (/** @type {{ type: string }} */ message) => {
  if (message.type !== 'stop') return;
  void (async () => {
    await server.stop();
    await db.close();
    parentPort?.postMessage({ type: 'stopped' });
  })();
});
