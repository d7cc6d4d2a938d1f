import { Worker } from 'node:worker_threads';
import { mkdir } from 'node:fs/promises';
import { projectPath } from '../project-paths';

export interface EmbeddedPostgres {
  connectionString: string;
  stop(): Promise<void>;
}

/**
 * Starts PGlite in a worker thread (see pglite-worker.ts) and resolves with a
 * connection string for node-postgres. `dataDir` null keeps the database in memory.
 */
export async function startEmbeddedPostgres(dataDir: string | null): Promise<EmbeddedPostgres> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const worker = new Worker(projectPath('server/db/pglite-worker.mjs'), { workerData: { dataDir } });
  const conn = await new Promise<string>((resolve, reject) => {
    const onError = (err: Error) => reject(err);
    worker.once('error', onError);
    worker.once('exit', (code) => reject(new Error(`PGlite worker exited early with code ${code}`)));
    worker.once('message', (msg: { type: string; conn: string }) => {
      worker.off('error', onError);
      resolve(msg.conn);
    });
  });
  worker.removeAllListeners('exit');
  let stopped: Promise<void> | null = null;
  return {
    connectionString: `postgres://postgres@${conn}/postgres?sslmode=disable`,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => void worker.terminate().then(() => resolve()), 5000);
        worker.on('message', (msg: { type: string }) => {
          if (msg.type !== 'stopped') return;
          clearTimeout(timer);
          void worker.terminate().then(() => resolve());
        });
        worker.postMessage({ type: 'stop' });
      });
      return stopped;
    },
  };
}
