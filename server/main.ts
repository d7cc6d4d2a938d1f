import './production-mode';
import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { isPublicDeployment, loadConfig } from './config';
import { openDatabase } from './db/database';

/** `npm start`: the whole product in one process on http://localhost:3000. */
const config = loadConfig();

// The embedded database starts in its own thread: open it while this thread loads the
// rest of the server (start time is budgeted at 3 s).
const databaseReady = openDatabase({
  databaseUrl: config.DATABASE_URL,
  embeddedDataDir: path.join(config.DATA_DIR, 'pglite'),
  poolSize: config.DB_POOL_SIZE,
});
const [{ buildApp, loadSsrBuild }, { assertConfiguredDataKeys, loadSecrets }, { ensureDemoData }] = await Promise.all([
  import('./app'),
  import('./secrets'),
  import('./db/seed/demo-data'),
]);
// A public deployment reads its data keys from configuration (refused at start otherwise).
assertConfiguredDataKeys(isPublicDeployment(config));
const [secrets, ssrBuild, database] = await Promise.all([loadSecrets(config.DATA_DIR), loadSsrBuild(), databaseReady]);
if (config.SEED_DEMO) {
  await ensureDemoData(database.db, {
    members: config.SEED_MEMBERS,
    mediaDir: path.join(config.DATA_DIR, 'media'),
    log: (msg) => console.log(msg),
  });
}
const app = await buildApp({ config, database, secrets, ssrBuild, background: true });

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  // Stop accepting, finish in-flight requests, then release the database.
  await app.close();
  await database.close();
});

await app.listen({ port: config.PORT, host: config.HOST });
await app.jobs.startWorking();
