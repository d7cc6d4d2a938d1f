// Finds Debian's Chromium, installing it with apt-get when it is missing and we may.
import { execSync } from 'node:child_process';
import { findChromium } from './chromium-path.mjs';

if (findChromium()) process.exit(0);
if (process.getuid?.() !== 0) {
  console.error('Chromium is missing: install it with `sudo apt-get install -y chromium` (Debian) and run again.');
  process.exit(1);
}
console.log('Installing Debian chromium for the browser tests...');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
if (!findChromium()) {
  console.error('Chromium still not found after apt-get install.');
  process.exit(1);
}
