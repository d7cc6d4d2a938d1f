import { createCipheriv, createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FieldCipher, keyId } from './field-cipher';

const keys = () => ({ encryption: [randomBytes(32)], hashing: [randomBytes(32)] });

/** A value as the cipher wrote it before keys had ids: iv.tag.data under one key. */
function legacySealed(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

describe('FieldCipher', () => {
  const cipher = new FieldCipher(keys());

  it('round-trips a value, each time with a different ciphertext that names its key', () => {
    const a = cipher.encrypt('NL91ABNA0417164300');
    const b = cipher.encrypt('NL91ABNA0417164300');
    expect(a).not.toBe(b);
    expect(a).not.toContain('NL91');
    expect(a.split('.')[0]).toBe(cipher.currentEncryptionKeyId);
    expect(cipher.decrypt(a)).toBe('NL91ABNA0417164300');
    expect(cipher.decrypt(b)).toBe('NL91ABNA0417164300');
  });

  it('refuses a changed ciphertext, another key, a short key and one key for both purposes', () => {
    const sealed = cipher.encrypt('DE89370400440532013000');
    const [id, iv, tag, data] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => cipher.decrypt([id, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => new FieldCipher(keys()).decrypt(sealed)).toThrow(/unknown data key/);
    expect(() => new FieldCipher({ encryption: [randomBytes(16)], hashing: [randomBytes(32)] })).toThrow(/32 bytes/);
    const one = randomBytes(32);
    expect(() => new FieldCipher({ encryption: [one], hashing: [Buffer.from(one)] })).toThrow(/must differ/);
  });

  it('hashes with a key of its own, not the encryption key', () => {
    const k = keys();
    const c = new FieldCipher(k);
    const [id, mac] = c.hash('iban', 'NL91ABNA0417164300').split('.');
    expect(id).toBe(keyId(k.hashing[0]!));
    expect(mac).toBe(createHmac('sha256', k.hashing[0]!).update('iban\0NL91ABNA0417164300').digest('base64url'));
  });

  it('hashes codes per purpose and compares them', () => {
    const hashed = cipher.hash('code:abc', '123456');
    expect(cipher.matches('code:abc', '123456', hashed)).toBe(true);
    expect(cipher.matches('code:abc', '123457', hashed)).toBe(false);
    expect(cipher.matches('code:other', '123456', hashed)).toBe(false);
  });

  it('after a rotation writes with the new keys and still reads, compares and finds what the old ones wrote', () => {
    const legacy = randomBytes(32);
    const old = keys();
    const before = new FieldCipher({ ...old, legacy });
    const sealed = before.encrypt('NL91ABNA0417164300');
    const hashed = before.hash('mobile', '+31612345678');
    const ancient = legacySealed(legacy, 'DE89370400440532013000');

    const rotated = new FieldCipher({ encryption: [randomBytes(32), ...old.encryption], hashing: [randomBytes(32), ...old.hashing], legacy });
    expect(rotated.isCurrent(sealed)).toBe(false);
    expect(rotated.decrypt(sealed)).toBe('NL91ABNA0417164300');
    expect(rotated.decrypt(ancient)).toBe('DE89370400440532013000');
    expect(rotated.isCurrent(rotated.encrypt('x'))).toBe(true);
    expect(rotated.matches('mobile', '+31612345678', hashed)).toBe(true);
    expect(rotated.hashes('mobile', '+31612345678')).toContain(hashed);
    expect(rotated.hash('mobile', '+31612345678')).not.toBe(hashed);
  });
});
