import { describe, expect, it } from 'vitest';
import { nodeFlagsOf, startScriptNodeFlags } from './server-process';

describe('nodeFlagsOf', () => {
  it('returns the flags between node and the script, in order', () => {
    expect(nodeFlagsOf('node --max-semi-space-size=64 --enable-source-maps scripts/start.mjs --port 1')).toEqual(['--max-semi-space-size=64', '--enable-source-maps']);
  });

  it('returns no flags for a bare node command', () => {
    expect(nodeFlagsOf('node scripts/start.mjs')).toEqual([]);
  });

  it('refuses what does not run a script with node', () => {
    expect(() => nodeFlagsOf('tsx scripts/start.mjs')).toThrow(/not a command/);
    expect(() => nodeFlagsOf('node --version')).toThrow(/not a command/);
  });
});

describe('startScriptNodeFlags', () => {
  it("reads npm start's flags from package.json", () => {
    // The benches start their servers with these (decision 0012).
    expect(startScriptNodeFlags()).toContain('--max-semi-space-size=64');
  });
});
