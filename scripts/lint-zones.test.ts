import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layering rules of eslint.config.js, proved on probe files: a change that adds an
// upward import fails `npm run lint`. The probes are linted as text, never written.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('lint zones', () => {
  it('refuses a base domain importing a domain above it (members -> likes)', async () => {
    const found = await restrictedImports('server/domain/members/probe.ts', "export { likesOf } from '../likes/likes-repository';\n");
    expect(found).toEqual([expect.stringContaining('server/domain/members')]);
  });

  it('lets a domain import one below it (likes -> members)', async () => {
    const found = await restrictedImports('server/domain/likes/probe.ts', "export * as members from '../members/members-repository';\n");
    expect(found).toEqual([]);
  });

  it('keeps domains off the realtime layer and the bus', async () => {
    const found = await restrictedImports('server/domain/photos/probe.ts', "export * as bus from '../../realtime/live-bus';\n");
    expect(found).toHaveLength(1);
  });

  it('keeps test support out of product code', async () => {
    const found = await restrictedImports('server/domain/chat/probe.ts', "export * as t from '../../test-support/test-app';\n");
    expect(found).toHaveLength(1);
  });

  it('refuses a feature importing another feature (chat -> likes)', async () => {
    const found = await restrictedImports('app/features/chat/probe.ts', "export * as l from '../likes/likes-client';\n");
    expect(found).toHaveLength(1);
  });
});
