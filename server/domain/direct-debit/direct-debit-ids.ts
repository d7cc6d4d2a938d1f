import { randomBytes, randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH } from '../../../common/direct-debit/direct-debit-rules';

/**
 * A payment's public id (the payment_id members and support see): 80 random bits, in
 * capitals and digits only, so it can also be the SEPA end-to-end id the bank shows.
 */
export function newPublicId(): string {
  return `DD${randomBytes(10).toString('hex').toUpperCase()}`;
}

/** A SEPA mandate reference (at most 35 characters of the SEPA set). */
export function newMandateReference(siteId: number, memberId: number): string {
  return `RDV-${siteId}-${memberId}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** What the browser holds between sending the code and entering it. */
export function newVerificationId(): string {
  return randomBytes(16).toString('base64url');
}

export function newSmsCode(): string {
  return String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
}
