// Finds what the test suite runs besides Node: Debian's Chromium (browser tests), redis-server
// and PostgreSQL's server binaries (multi-process chat tests). Installs what is missing with
// apt-get when we may (root on Debian); otherwise says what to install.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { findChromium } from './chromium-path.mjs';

const onPath = (cmd) => {
  try {
    execSync(`command -v ${cmd}`, { stdio: 'ignore', shell: '/bin/sh' });
    return true;
  } catch {
    return false;
  }
};
const hasPostgresServer = () => existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`));

const wanted = [
  { pkg: 'chromium', present: () => Boolean(findChromium()) },
  { pkg: 'redis-server', present: () => onPath('redis-server') },
  { pkg: 'postgresql', present: hasPostgresServer },
];
const missing = wanted.filter((w) => !w.present()).map((w) => w.pkg);
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error(`Missing for the tests: ${missing.join(', ')}. Install with \`sudo apt-get install -y ${missing.join(' ')}\` (Debian) and run again.`);
  process.exit(1);
}
console.log(`Installing ${missing.join(', ')} for the tests...`);
execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`, { stdio: 'inherit' });
const still = wanted.filter((w) => !w.present()).map((w) => w.pkg);
if (still.length) {
  console.error(`Still missing after apt-get install: ${still.join(', ')}`);
  process.exit(1);
}
