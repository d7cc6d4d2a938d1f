import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/payment-method';
import { isPaymentMethod } from '../../common/payments/payment-methods';
import { paymentsEndpoints } from '../../common/payments/payments-endpoints';
import { PayScreen } from '../features/payments/pay-screen';
import { ResultScreen } from '../features/payments/result-screen';
import { loadMethods } from '../features/payments/payment-loaders';
import { loadDiscount } from '../features/payments/discount-loaders';
import { payAction } from '../features/payments/payment-actions';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** The bundle id and method of the path; anything else is a page that does not exist. */
function parseParams(params: Route.LoaderArgs['params']) {
  const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : 0;
  if (id <= 0 || (params.paymentmethod !== undefined && !isPaymentMethod(params.paymentmethod))) throw data(null, { status: 404 });
  return { id, method: params.paymentmethod && isPaymentMethod(params.paymentmethod) ? params.paymentmethod : undefined };
}

/**
 * /credits/{id}/{paymentmethod?} (route credits-id-paymentmethod): choose a method and pay,
 * with the discount code the credits page passed on (?code=) or the member's offer;
 * with ?payment= it is where the provider sends the member back to (the result).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw loginRedirect(url.pathname + url.search);
  const { id, method } = parseParams(params);
  // One key per screen: a double click on Pay, or a retried request, starts one payment.
  const base = { bundle: context.translations('payments'), id, method, key: crypto.randomUUID(), memberId: context.user.id };
  const paymentId = url.searchParams.get('payment');
  if (!paymentId) {
    const [methods, discount] = await Promise.all([loadMethods(context, request, id), loadDiscount(context, url)]);
    return { ...base, methods: methods.body, chosen: methods.chosen, payment: null, discount, applied: null };
  }
  const state = await context.api(paymentsEndpoints.state, { query: { id: paymentId } });
  if (!state.ok) throw data(state.message, { status: state.status });
  // The result stands on its own; the methods only give a retry its country (none: no retry button),
  // the transaction the discount the payment was created with (shown, and tried again by a retry).
  const [methods, tx] = await Promise.all([loadMethods(context, request, id).catch(() => null), context.api(paymentsEndpoints.transaction, { query: { id: paymentId } })]);
  return { ...base, methods: methods?.body ?? null, chosen: false, payment: state.body, discount: null, applied: tx.ok ? tx.body.discount : null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // The body is read first: a redirect sent while the browser is still uploading resets the connection.
  const form = await readForm(request);
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  return payAction(context, form, parseParams(params).id);
}

export const meta = noindexMeta;

export default function PaymentMethod() {
  const { bundle, id, method, methods, chosen, key, payment, discount, memberId, applied } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  if (payment) return <ResultScreen bundle={bundle} initial={payment} bundleId={id} country={methods?.country ?? null} idempotencyKey={key} error={error} discount={applied} />;
  if (!methods || !discount) return null;
  return <PayScreen bundle={bundle} data={methods} chosen={chosen} method={method} idempotencyKey={key} error={error} discount={discount} memberId={memberId} />;
}
