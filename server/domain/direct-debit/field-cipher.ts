import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Encryption at rest for the direct-debit fields (the IBAN, the details waiting for an SMS
 * code): AES-256-GCM with a fresh 96-bit IV per value, so a copy of the database alone reveals
 * no account number and a changed value fails to decrypt instead of decrypting to garbage.
 * The key is dataKeyOf(secrets) (server/secrets.ts).
 */
export class FieldCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the field-encryption key must be 32 bytes');
  }

  /** iv.tag.ciphertext, each base64url. */
  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
  }

  decrypt(sealed: string): string {
    const [iv, tag, data] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !data) throw new Error('not an encrypted field');
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  }

  /**
   * A keyed hash (HMAC-SHA256) for values only ever compared, never read back: SMS codes and
   * mobile numbers. Keyed, so six-digit codes cannot be found from a copied table by trying all.
   */
  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(`${purpose}\0${value}`).digest('base64url');
  }

  /** Compares a value with its hash in constant time. */
  matches(purpose: string, value: string, hashed: string): boolean {
    const a = Buffer.from(this.hash(purpose, value));
    const b = Buffer.from(hashed);
    return a.length === b.length && timingSafeEqual(a, b);
  }
}
