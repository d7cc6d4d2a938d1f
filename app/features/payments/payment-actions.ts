import { data, redirect, type AppLoadContext } from 'react-router';
import type { PaymentMethod } from '../../../common/payments/payment-methods';
import { paymentsEndpoints } from '../../../common/payments/payments-endpoints';
import type { PaymentStart } from '../../../common/payments/payment-schemas';
import { paths } from '../../paths';
import { CODE_PARAM, withCode } from './discount-pricing';

export interface PayActionData {
  error: string;
}

/**
 * Where a started payment goes on: the provider's checkout, or straight to the result page
 * when the payment needs none (a stored card charged at once).
 */
export function afterStart(start: PaymentStart, bundleId: number, method: string): Response {
  return redirect(start.checkout_url ?? paths.creditsBundle(bundleId, method, start.payment_id));
}

/**
 * Pay: starts the payment of bundle `bundleId` (POST payment.php) with the screen's
 * idempotency key, so a double click starts one payment, and the discount code the screen
 * applied. Direct debit has its own form.
 */
export async function payAction(context: AppLoadContext, form: FormData, bundleId: number) {
  const method = String(form.get('method') ?? '');
  const country = String(form.get('country') ?? '');
  const key = String(form.get('idempotency_key') ?? '');
  // The Pay screen sends the code only when it applies to the chosen method; the server decides again.
  const code = String(form.get(CODE_PARAM) ?? '').trim();
  if (method === 'directdebit' && /^[A-Z]{2}$/.test(country)) return redirect(withCode(paths.directDebit(bundleId, country), code || null));
  // Unchecked here on purpose: the API validates every field and answers in the member's language.
  const body = { bundle: bundleId, method: method as PaymentMethod, country, idempotency_key: key, ...(code ? { code } : {}) };
  const result = await context.api(paymentsEndpoints.start, { body });
  if (!result.ok) return data<PayActionData>({ error: result.message }, { status: result.status });
  return afterStart(result.body, bundleId, body.method);
}
