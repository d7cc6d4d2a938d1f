// `npm test`: the whole suite. Unit and API tests (Vitest) first, then the user flows
// (Playwright in Debian's Chromium) against a production build. Exits non-zero if any fails.
import { spawnSync } from 'node:child_process';

const run = (cmd, args, env = {}) => spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

const steps = [
  ['Chromium, redis-server and PostgreSQL', () => run('node', ['scripts/ensure-system-packages.mjs'])],
  ['unit and API tests', () => run('npx', ['vitest', 'run'])],
  ['production build', () => run('node', ['scripts/build.mjs'])],
  ['end-to-end tests', () => run('npx', ['playwright', 'test'], { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' })],
];

let failed = 0;
for (const [name, step] of steps) {
  console.log(`\n== ${name} ==`);
  const status = step();
  if (status !== 0) {
    console.error(`\n${name} failed (exit ${status})`);
    failed += 1;
    // Without the system packages, a browser or a build the later steps cannot run.
    if (name !== 'unit and API tests') break;
  }
}
process.exit(failed === 0 ? 0 : 1);
