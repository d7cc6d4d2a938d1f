import type { Db, Tx } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { applyCode, type AppliedCode } from '../offers/code-redemption';
import type { BundleRow } from '../payments/payment-repository';

/** Whose code it is and in which language its refusals are written (the minimum order's amount). */
export interface CodeHolder {
  memberId: number;
  siteId: number;
  locale: string;
}

/** A bundle's direct debit with its code: what is charged, and the code as the payment records it. */
export interface DirectDebitPrice {
  applied: AppliedCode | null;
  amountMinor: number;
}

/**
 * Prices a direct debit of `bundle` with the code the member brings, by the same rules as
 * every other payment (applyCode: country, minimum order, methods, once-per-user, the time
 * bonus's window). A refusal is an ApiError naming `discount_code`: the request's `code` is
 * the SMS code's, and a form must not show 'Code already used' beside the SMS code.
 */
export async function directDebitPrice(db: Db | Tx, holder: CodeHolder, bundle: BundleRow, country: string, text: string | undefined, now: Date): Promise<DirectDebitPrice> {
  if (!text) return { applied: null, amountMinor: bundle.amountMinor };
  try {
    const order = { memberId: holder.memberId, country, currency: bundle.currency, amountMinor: bundle.amountMinor, method: 'directdebit' as const };
    const applied = await applyCode(db, holder.siteId, order, text, holder.locale, now);
    return { applied, amountMinor: applied.amountMinor };
  } catch (error) {
    throw asDiscountError(error);
  }
}

/** A code's refusal (applyCode's, redeem's 'Code already used') as an error about `discount_code`; anything else unchanged. */
export function asDiscountError(error: unknown): unknown {
  if (error instanceof ApiError && error.field === 'code') return new ApiError(error.statusCode, error.key, error.vars, 'discount_code');
  return error;
}

/** Whether an error is a code's refusal (the page shows it and goes on at the normal price). */
export function isDiscountError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.field === 'discount_code';
}
