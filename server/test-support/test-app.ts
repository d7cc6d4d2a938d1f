import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/database';
import { ensureDemoSites } from '../db/seed/demo-data';
import { openTestDatabase } from './test-database';
import type { Secrets } from '../secrets';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** The real API over a real (fresh) database with the demo sites, without the SSR build. */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  /** `secrets`: real VAPID keys for the tests that send pushes (the default ones are placeholders). */
  options: { logStream?: DestinationStream; secrets?: Partial<Secrets> } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rv-test-'));
  const database = await openTestDatabase();
  await ensureDemoSites(database.db);
  const config = loadConfig({}, { DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...overrides });
  const app = await buildApp({
    config,
    database,
    secrets: { cookieSecret: 'test-cookie-secret-test-cookie-secret', vapidPublicKey: 'test-vapid-public', vapidPrivateKey: 'test-vapid-private', ...options.secrets },
    ssrBuild: null,
    logStream: options.logStream,
  });
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
