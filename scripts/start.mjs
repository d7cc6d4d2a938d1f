// `npm start`: build the app when its sources changed since the last build, then serve.
// Skipping an up-to-date build keeps a restart fast (the start-time budget is 3 s).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const INPUTS = ['app', 'common', 'public', 'vite.config.ts', 'react-router.config.ts', 'package-lock.json'];
const STAMP = 'build/.source-hash';

function hashInputs() {
  const hash = createHash('sha256');
  const visit = (p) => {
    if (!existsSync(p)) return;
    if (statSync(p).isDirectory()) {
      for (const entry of readdirSync(p).sort()) visit(path.join(p, entry));
    } else if (!/\.test\.tsx?$/.test(p)) {
      hash.update(p).update(readFileSync(p));
    }
  };
  INPUTS.forEach(visit);
  return hash.digest('hex');
}

const current = hashInputs();
const built = existsSync(STAMP) && existsSync('build/server/index.js') ? readFileSync(STAMP, 'utf8') : '';
if (built !== current) {
  console.log('Building the app...');
  const result = spawnSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(STAMP, current);
}
if (process.env.BUILD_ONLY) process.exit(0);

// Serve from this very process, so that signals (Ctrl-C, SIGTERM) reach the server's graceful shutdown.
const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
