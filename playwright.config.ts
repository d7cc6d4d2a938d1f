import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium-path.mjs';
import { E2E_MAIL_FEEDBACK_TOKEN } from './tests/e2e/mail-feedback-token';
import { PUSH_CERT_DIR, PUSH_SERVICE_PORT } from './tests/e2e/push-service-config';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';
/** The test SMTP server (tests/e2e/smtp-sink.ts) every mail of the server under test goes through. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? PORT + 20000);

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.test.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list']],
  // Starts the SMTP sink. Playwright starts the webServer first; the server opens an SMTP
  // connection per mail only, and no mail goes out before the first test.
  globalSetup: './tests/e2e/smtp-sink.ts',
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: 'chromium',
    launchOptions: { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The real product: production build, embedded PostgreSQL, a small demo data set.
    command: `rm -rf ${DATA_DIR} && node tests/e2e/push-service-cert.mjs ${PUSH_CERT_DIR} && node scripts/start.mjs`,
    url: `http://localhost:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR,
      SEED_MEMBERS: '300',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      RATE_LIMIT_MAX: '10000',
      SIGNUP_RATE_LIMIT_MAX: '1000',
      SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
      MAIL_FEEDBACK_TOKEN: E2E_MAIL_FEEDBACK_TOKEN,
      PUSH_TEST_ORIGIN: `https://127.0.0.1:${PUSH_SERVICE_PORT}`,
      PUSH_TEST_CA_FILE: `${PUSH_CERT_DIR}/cert.pem`,
    },
  },
});
