/** Where the local push service of tests/e2e/push-delivery.test.ts listens, and its certificate (made before the server starts). */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? 'test-results/e2e-data';

export const PUSH_SERVICE_PORT = PORT + 21000;
export const PUSH_CERT_DIR = `${DATA_DIR}-push`;
