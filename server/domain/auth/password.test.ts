import { describe, expect, it } from 'vitest';
import { hashPassword, verifyDecoy, verifyPassword } from './password';

describe('password hashing', () => {
  it('stores argon2id with at least OWASP’s minimum cost and a salt of its own per hash', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    // PHC string: $argon2id$v=19$m=<KiB>,t=<passes>,p=<lanes>$<salt>$<hash>
    const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$[^$]+\$[^$]+$/.exec(first);
    expect(match).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThanOrEqual(19_456);
    expect(Number(match![2])).toBeGreaterThanOrEqual(2);
    expect(second).not.toBe(first);
  });

  it('verifies the right password only, and never throws on a malformed hash', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batter')).toBe(false);
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
    expect(await verifyDecoy('anything')).toBe(false);
  });
});
