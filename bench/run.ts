/**
 * `npm run bench`: the foundation's performance budgets, measured in one run on this
 * machine, candidates interleaved, median of at least 3 rounds (BENCH_ROUNDS). Prints a
 * Markdown table for docs/performance.md. Not part of `npm test`.
 */
import { spawnSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { interleaved, load, loadPost, loadUncached, median, LOAD } from './lib/load';
import { hashPassword, verifyPassword } from '../server/domain/auth/password';
import { ROOT, startProcess, startScriptNodeFlags } from './lib/server-process';
import { eventLoopLag } from './event-loop-lag';
import { lighthouseScores } from './lighthouse-audit';
import { initialJsBytes } from './js-bytes';
import { geocodeRow } from './geocode';
import { photoUploadBench } from './photo-upload';
import { searchHttpRow } from './search';
import { chatBenchRows } from './chat';
import { paymentsBenchRows } from './payments';
import { pushBenchRow } from './push';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DATA_DIR = path.join(ROOT, 'data-bench');
const APP_PORT = 3400;
const BARE_PORT = 3401;
const rows: string[][] = [];
const row = (...cells: Array<string | number>) => {
  rows.push(cells.map(String));
  console.log(`  ${cells.join(' | ')}`);
};
const serverEnv = { DATA_DIR, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '100000000', LOGIN_RATE_LIMIT_MAX: '100000000', HOST: '127.0.0.1', SEED_MEMBERS: '3000' };

console.log(`Machine: ${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
console.log(`Load: autocannon, ${LOAD.connections} connections, ${LOAD.duration} s per run, ${ROUNDS} rounds interleaved\n`);

if (spawnSync('node', ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) {
  throw new Error('build failed');
}

// First start on an empty data directory: migrations and demo data.
await rm(DATA_DIR, { recursive: true, force: true });
let app = await startProcess([...startScriptNodeFlags(), 'scripts/start.mjs'], serverEnv, APP_PORT, '/readyz');
const host = { host: 'localhost' };

// 1. API throughput against a bare node:http server with the same JSON body.
const settingsBody = await (await fetch(`${app.url}/api/settings.php`, { headers: host })).text();
const bare = await startProcess(['--import', 'tsx', 'bench/bare-json-server.ts'], { BODY: settingsBody }, BARE_PORT);
const api = await interleaved(ROUNDS, () => load(`${app.url}/api/settings.php`, host), () => load(`${bare.url}/`));
row('GET /api/settings.php vs bare node:http', `${api.a.toFixed(0)} vs ${api.b.toFixed(0)} req/s`, (api.a / api.b).toFixed(2), '>= 0.6');
row(...geocodeRow(api.a)); // reverse geocoding: one lookup against one settings.php request
row(...(await searchHttpRow(app.url, api.a))); // member search (bench/search.ts has the 100k/1M figures)
// For context: what Fastify itself costs, without any of the product's plugins.
const fastify = await startProcess(['--import', 'tsx', 'bench/bare-fastify-server.ts'], { BODY: settingsBody }, BARE_PORT + 1);
const frame = await interleaved(ROUNDS, () => load(`${fastify.url}/`), () => load(`${bare.url}/`));
await fastify.stop();
await bare.stop();
row('bare Fastify (no plugins) vs bare node:http', `${frame.a.toFixed(0)} vs ${frame.b.toFixed(0)} req/s`, (frame.a / frame.b).toFixed(2), '(context)');

// 2. SSR of the home page against the same HTML as a static file from the same server.
const cookie = { ...host, cookie: 'i18n_redirected=en; visit=x' };
const html = await (await fetch(`${app.url}/`, { headers: cookie })).text();
// The same HTML as a static file of the client build (removed at the end of the run).
const benchHtml = path.join(ROOT, 'build', 'client', 'bench-home.html');
await writeFile(benchHtml, html);
// The static files are listed when the server starts (wildcard: false in server/app.ts), so
// the copy is served only after a restart; until then its URL went to the SSR's 404 page.
await app.stop();
app = await startProcess([...startScriptNodeFlags(), 'scripts/start.mjs'], serverEnv, APP_PORT, '/readyz');
const ssr = await interleaved(ROUNDS, () => load(`${app.url}/`, cookie), () => load(`${app.url}/bench-home.html`, cookie));
row('SSR home page (page cache) vs same HTML static', `${ssr.a.toFixed(0)} vs ${ssr.b.toFixed(0)} req/s`, (ssr.a / ssr.b).toFixed(2), '>= 0.2');
const render = await interleaved(ROUNDS, () => loadUncached(`${app.url}/`, cookie), () => load(`${app.url}/bench-home.html`, cookie));
await rm(benchHtml, { force: true });
row('SSR home page rendered every time vs static', `${render.a.toFixed(0)} vs ${render.b.toFixed(0)} req/s`, (render.a / render.b).toFixed(2), '(no goal; cache bypassed)');

// Login: argon2id verification is the deliberate cost of every login.
const hashed = await hashPassword('rendezvous');
const verifyStart = performance.now();
for (let i = 0; i < 20; i += 1) await verifyPassword(hashed, 'rendezvous');
const verifyMs = (performance.now() - verifyStart) / 20;
const logins = await loadPost(`${app.url}/api/user.php`, { email: 'premium@rendezvous.example', password: 'rendezvous' }, { host: `localhost:${APP_PORT}`, origin: `http://localhost:${APP_PORT}` });
row('POST /api/user.php login (argon2id m=19 MiB, t=2, p=1)', `${logins.rps.toFixed(0)} logins/s, p50 ${logins.p50} ms, p99 ${logins.p99} ms; one verification ${verifyMs.toFixed(1)} ms`, '', '(recorded)');

// Photo upload of a 12-megapixel JPEG against a bare sharp resize of the same image.
const photo = await photoUploadBench(Math.max(ROUNDS, 5));
row('POST /api/photos.php 12 MP JPEG to stored thumbnail vs bare sharp resize+webp', `p50 ${photo.uploadP50Ms.toFixed(0)} vs ${photo.bareP50Ms.toFixed(0)} ms`, photo.ratio.toFixed(2), '<= 1.5');

// 3. JavaScript shipped to the home page.
const js = await initialJsBytes(`${app.url}/`);
row('JavaScript on the home page (gzip)', `${(js.gzipBytes / 1024).toFixed(1)} KB in ${js.files} files`, '', '<= 120 KB');

// 4. Lighthouse, mobile.
const scores = await lighthouseScores([`http://localhost:${APP_PORT}/`, `http://localhost:${APP_PORT}/pages/terms`]);
for (const [url, s] of Object.entries(scores)) row(`Lighthouse mobile ${new URL(url).pathname}`, `performance ${s.performance}, accessibility ${s.accessibility}`, '', '>= 95, 100');
await app.stop();

// 5. Start time with an existing data directory (and an up-to-date build).
const starts: number[] = [];
for (let i = 0; i < ROUNDS; i += 1) {
  app = await startProcess([...startScriptNodeFlags(), 'scripts/start.mjs'], serverEnv, APP_PORT, '/');
  starts.push(app.readyMs);
  await app.stop();
}
row('npm start to first 200 (existing data dir)', `${(median(starts) / 1000).toFixed(2)} s (runs ${starts.map((s) => (s / 1000).toFixed(2)).join(', ')})`, '', '<= 3 s');

// 6. Event-loop lag while 4 clients query the database.
const lag = await eventLoopLag();
row(
  'event-loop lag p99, 4 clients querying',
  `${lag.worker.p99Ms.toFixed(1)} ms worker (${lag.worker.queries} queries) vs ${lag.mainThread.p99Ms.toFixed(1)} ms PGlite on the main thread (${lag.mainThread.queries})`,
  `${(lag.mainThread.p99Ms / lag.worker.p99Ms).toFixed(1)}× less lag`,
  '<= 20 ms',
);

// 7. Chat: 1,000 WebSocket clients, one process and two with Redis (starts its own PostgreSQL and Redis).
for (const r of await chatBenchRows()) row(...r);

// 8. Payments: webhook crediting and the transactions page (starts its own PostgreSQL).
for (const r of await paymentsBenchRows()) row(...r);

// Web Push: the product's sender against the bare web-push library (issue 27).
row(...(await pushBenchRow()));

console.log('\n| measure | figures | ratio | goal |\n|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
await rm(DATA_DIR, { recursive: true, force: true });
