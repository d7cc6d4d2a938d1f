import { directDebitEndpoints } from '../../../common/direct-debit/direct-debit-endpoints';
import type { CodeSent, DirectDebitPaid, DirectDebitRequest } from '../../../common/direct-debit/direct-debit-schemas';
import { api } from '../../lib/api';
import { ApiClientError } from '../../lib/api-client';

export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string; fields: Record<string, string> };

async function call<T>(run: () => Promise<T | false>, fallback: string): Promise<Outcome<T>> {
  try {
    const value = await run();
    return value === false ? { ok: false, message: fallback, fields: {} } : { ok: true, value };
  } catch (error) {
    if (error instanceof ApiClientError) return { ok: false, message: error.message, fields: error.fields };
    return { ok: false, message: fallback, fields: {} };
  }
}

export const sendDirectDebitCode = (request: DirectDebitRequest, fallback: string) => call<CodeSent>(() => api.call(directDebitEndpoints.sendCode, { body: request }), fallback);

export const confirmDirectDebit = (verificationId: string, code: string, fallback: string) =>
  call<DirectDebitPaid>(() => api.call(directDebitEndpoints.verify, { body: { verification_id: verificationId, code } }), fallback);

/** The payment result page of a bundle paid by direct debit (spec 2: /credits/{id}/{paymentmethod}). */
export const directDebitResultPath = (bundleId: number, paymentId: string) => `/credits/${bundleId}/directdebit?payment=${encodeURIComponent(paymentId)}`;
