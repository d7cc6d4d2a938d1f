import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Endpoint } from '../../common/api/endpoint';
import { endpoints } from '../../common/api/endpoints';
import { PUSH_CONSTRAINT } from '../http/push-query-constraint';
import { createTestApp, type TestApp } from '../test-support/test-app';

const all = Object.entries(endpoints).flatMap(([domain, table]) => Object.entries(table as Record<string, Endpoint>).map(([name, e]) => ({ name: `${domain}.${name}`, e })));

describe('the endpoint table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('names only routes the API serves', () => {
    // The push routes share user.php and are told apart by ?push=1 (a route constraint).
    const served = (e: Endpoint) => {
      const [url, query] = e.path.split('?');
      const constraints = query === 'push=1' ? { [PUSH_CONSTRAINT]: '1' } : undefined;
      return t.app.hasRoute({ method: e.method, url: url!, ...(constraints ? { constraints } : {}) });
    };
    const missing = all.filter(({ e }) => !served(e));
    expect(missing.map(({ name }) => name)).toEqual([]);
  });

  it('declares each operation once', () => {
    const keys = all.map(({ e }) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
