import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The real product: production build, embedded PostgreSQL, a small demo data set.
    command: `rm -rf ${DATA_DIR} && node scripts/start.mjs`,
    url: `http://localhost:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), DATA_DIR, SEED_MEMBERS: '300', LOG_LEVEL: 'warn', HOST: '127.0.0.1', RATE_LIMIT_MAX: '10000', SIGNUP_RATE_LIMIT_MAX: '1000' },
  },
});
