import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random id without look-alike characters (no 0/O, 1/I): readable to support on the phone, not guessable. */
export function randomId(length: number): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const b of bytes) id += ALPHABET[b % ALPHABET.length];
  return id;
}

/** The payment_id members see on their transactions and invoices. */
export function newPaymentId(): string {
  return `RV${randomId(12)}`;
}
