import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { ensureDemoData } from './db/seed/demo-data';
import { loadSecrets } from './secrets';
import { buildApp } from './app';

/** `npm start`: the whole product in one process on http://localhost:3000. */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  embeddedDataDir: path.join(config.DATA_DIR, 'pglite'),
  poolSize: config.DB_POOL_SIZE,
});
if (config.SEED_DEMO) {
  await ensureDemoData(database.db, {
    members: config.SEED_MEMBERS,
    mediaDir: path.join(config.DATA_DIR, 'media'),
    log: (msg) => console.log(msg),
  });
}
const secrets = await loadSecrets(config.DATA_DIR);
const app = await buildApp({ config, database, secrets });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Stop accepting, finish in-flight requests, then release the database.
  await app.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
