import { defineConfig } from 'vitest/config';

// Unit and API tests run without the React Router plugin (it expects a full app build).
export default defineConfig({
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'common/**/*.test.ts', 'scripts/**/*.test.ts', 'bench/lib/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
