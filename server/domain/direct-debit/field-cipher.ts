import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { DataKeys } from '../../secrets';

/** A key's id: a short fingerprint, so nobody has to number keys and a value names the key that wrote it. */
export function keyId(key: Buffer): string {
  return createHash('sha256').update('rendezvous data key id\0').update(key).digest('base64url').slice(0, 8);
}

function byId(keys: readonly Buffer[]): Map<string, Buffer> {
  return new Map(keys.map((key) => [keyId(key), key]));
}

/**
 * Encryption at rest for the direct-debit fields (the IBAN, the details waiting for an SMS
 * code): AES-256-GCM with a fresh 96-bit IV per value, so a copy of the database alone reveals
 * no account number and a changed value fails to decrypt instead of decrypting to garbage.
 * Encryption and the lookup hashes use separate keys, and every value carries the id of its
 * key, so keys can be rotated (`npm run data-keys -- rotate`) without losing what was written.
 */
export class FieldCipher {
  private readonly encryptionKeys: Map<string, Buffer>;
  private readonly hashKeys: Map<string, Buffer>;
  private readonly legacy: Buffer | undefined;

  constructor(keys: DataKeys) {
    for (const key of [...keys.encryption, ...keys.hashing, ...(keys.legacy ? [keys.legacy] : [])]) {
      if (key.length !== 32) throw new Error('a data key must be 32 bytes');
    }
    if (keys.encryption.length === 0 || keys.hashing.length === 0) throw new Error('an encryption key and a hash key are needed');
    // One key for both purposes would let a leaked hash key decrypt, or the reverse.
    if (keys.encryption.some((e) => keys.hashing.some((h) => e.equals(h)))) throw new Error('the encryption and hash keys must differ');
    this.encryptionKeys = byId(keys.encryption);
    this.hashKeys = byId(keys.hashing);
    this.legacy = keys.legacy;
  }

  /** The id of the key new values are encrypted with. */
  get currentEncryptionKeyId(): string {
    return this.encryptionKeys.keys().next().value!;
  }

  get currentHashKeyId(): string {
    return this.hashKeys.keys().next().value!;
  }

  /** keyId.iv.tag.ciphertext, each base64url. */
  encrypt(plain: string): string {
    const [id, key] = this.encryptionKeys.entries().next().value!;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [id, ...[iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'))].join('.');
  }

  decrypt(sealed: string): string {
    const parts = sealed.split('.');
    // Four parts: keyId.iv.tag.data; three: a value written before key ids, under the legacy key.
    const id = parts.length === 4 ? parts.shift() : undefined;
    const key = id === undefined ? this.legacy : this.encryptionKeys.get(id);
    if (!key) throw new Error(id === undefined ? 'a value written before key ids, and no legacy key' : `unknown data key ${id}`);
    const [iv, tag, data] = parts.map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !data) throw new Error('not an encrypted field');
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }

  /** Whether a value was written with the current encryption key (the rotation skips it). */
  isCurrent(sealed: string): boolean {
    return sealed.startsWith(`${this.currentEncryptionKeyId}.`);
  }

  /**
   * A keyed hash (HMAC-SHA256) for values only ever compared, never read back: SMS codes,
   * mobile numbers, IBANs. Keyed, so six-digit codes or known IBANs cannot be found from a
   * copied table by trying all. keyId.hash.
   */
  hash(purpose: string, value: string): string {
    const [id, key] = this.hashKeys.entries().next().value!;
    return `${id}.${hmac(key, purpose, value)}`;
  }

  /** The hash of a value under every hash key: a lookup finds rows written before a rotation too. */
  hashes(purpose: string, value: string): string[] {
    const all = [...this.hashKeys].map(([id, key]) => `${id}.${hmac(key, purpose, value)}`);
    return this.legacy ? [...all, hmac(this.legacy, purpose, value)] : all;
  }

  /** Compares a value with its hash in constant time, under the key the hash names. */
  matches(purpose: string, value: string, hashed: string): boolean {
    const dot = hashed.indexOf('.');
    const key = dot < 0 ? this.legacy : this.hashKeys.get(hashed.slice(0, dot));
    if (!key) return false;
    const a = Buffer.from(dot < 0 ? hmac(key, purpose, value) : `${hashed.slice(0, dot)}.${hmac(key, purpose, value)}`);
    const b = Buffer.from(hashed);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}

function hmac(key: Buffer, purpose: string, value: string): string {
  return createHmac('sha256', key).update(`${purpose}\0${value}`).digest('base64url');
}
