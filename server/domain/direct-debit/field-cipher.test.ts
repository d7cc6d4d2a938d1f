import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldCipher } from './field-cipher';

describe('FieldCipher', () => {
  const cipher = new FieldCipher(randomBytes(32));

  it('round-trips a value, each time with a different ciphertext', () => {
    const a = cipher.encrypt('NL91ABNA0417164300');
    const b = cipher.encrypt('NL91ABNA0417164300');
    expect(a).not.toBe(b);
    expect(a).not.toContain('NL91');
    expect(cipher.decrypt(a)).toBe('NL91ABNA0417164300');
    expect(cipher.decrypt(b)).toBe('NL91ABNA0417164300');
  });

  it('refuses a changed ciphertext and another key', () => {
    const sealed = cipher.encrypt('DE89370400440532013000');
    const [iv, tag, data] = sealed.split('.') as [string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new FieldCipher(randomBytes(32)).decrypt(sealed)).toThrow();
    expect(() => new FieldCipher(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('hashes codes per purpose and compares them', () => {
    const hashed = cipher.hash('code:abc', '123456');
    expect(cipher.matches('code:abc', '123456', hashed)).toBe(true);
    expect(cipher.matches('code:abc', '123457', hashed)).toBe(false);
    expect(cipher.matches('code:other', '123456', hashed)).toBe(false);
  });
});
