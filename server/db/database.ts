import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as coreSchema from './schema';
import * as paymentsSchema from './payments-schema';
import * as directDebitSchema from './direct-debit-schema';
import * as offersSchema from './offers-schema';
import { startEmbeddedPostgres } from './embedded-postgres';
import { applyFunctionFiles } from './sql-functions';
import { projectPath } from '../project-paths';

const schema = { ...coreSchema, ...paymentsSchema, ...directDebitSchema, ...offersSchema };
export type Db = NodePgDatabase<typeof schema>;
/** The handle inside `db.transaction(async (tx) => ...)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** "embedded" (PGlite in a worker) or "server" (DATABASE_URL). */
  kind: 'embedded' | 'server';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; null keeps the embedded database in memory. */
  embeddedDataDir: string | null;
  poolSize: number;
}

const MIGRATIONS_FOLDER = projectPath('server/db/migrations');
/** The SQL functions' source files, applied after the migrations (decision 0017). */
const FUNCTIONS_FOLDER = projectPath('server/db/functions');

/**
 * How long an idle connection stays in the pool. node-postgres closes them after 10 s by
 * default, so a quiet site paid a new connection (a backend started, SCRAM, empty catalog
 * caches) on every request after a pause, its first answers 2-3x slower (docs/performance.md).
 * Pool sizes are small (DB_POOL_SIZE), so the connections stay for ten minutes, as
 * HikariCP's idle timeout, with TCP keep-alive so that one a network dropped meanwhile is
 * noticed.
 */
const IDLE_CONNECTION_MS = 10 * 60_000;

/** Opens the database (embedded or server) and applies pending migrations and changed functions. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const embedded = options.databaseUrl ? null : await startEmbeddedPostgres(options.embeddedDataDir);
  const connectionString = options.databaseUrl ?? embedded!.connectionString;
  // PGlite is one session: a pool of one keeps transactions on one connection.
  const pool = new pg.Pool({ connectionString, max: embedded ? 1 : options.poolSize, idleTimeoutMillis: IDLE_CONNECTION_MS, keepAlive: true });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it on next use.
  });
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await applyFunctionFiles(pool, FUNCTIONS_FOLDER);
  return {
    db,
    pool,
    kind: embedded ? 'embedded' : 'server',
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
