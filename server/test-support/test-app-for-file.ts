import { afterAll, beforeAll } from 'vitest';
import type { AppConfig } from '../config';
import { createTestApp, type TestApp } from './test-app';

/**
 * One test app for the file: started before its tests and closed after them. The answer reads
 * the running app, so it can be taken at module level and passed where a TestApp is wanted.
 */
export function testAppForFile(overrides: Partial<AppConfig> = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(overrides);
  });
  afterAll(async () => current?.close());
  const running = (): TestApp => {
    if (!current) throw new Error('The test app starts in beforeAll: use it inside a test or hook.');
    return current;
  };
  return {
    get app() {
      return running().app;
    },
    get database() {
      return running().database;
    },
    get dataDir() {
      return running().dataDir;
    },
    close: () => running().close(),
  };
}
