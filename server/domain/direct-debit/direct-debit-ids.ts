import { randomBytes, randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH } from '../../../common/direct-debit/direct-debit-rules';

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
