import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, type Db } from './database';

/**
 * Runs an operator command (npm run photos / sepa / payments) when `moduleUrl` is the script
 * node was started with: the database of DATA_DIR or DATABASE_URL opened, the command's answer
 * printed, the database closed; an error is printed and ends the process with code 1.
 */
export function runAsCommand(moduleUrl: string, command: (db: Db, config: AppConfig, argv: string[]) => Promise<string>): void {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  const run = async () => {
    const config = loadConfig();
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, embeddedDataDir: path.join(config.DATA_DIR, 'pglite'), poolSize: config.DB_POOL_SIZE });
    try {
      console.log(await command(database.db, config, process.argv.slice(2)));
    } finally {
      await database.close();
    }
  };
  run().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
