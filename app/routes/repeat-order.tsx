import { data, redirect, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/repeat-order';
import { paymentsEndpoints } from '../../common/payments/payments-endpoints';
import { RepeatOrderScreen } from '../features/payments/repeat-order-screen';
import { afterStart, type PayActionData } from '../features/payments/payment-actions';
import { loadCreditsPage } from '../features/payments/payment-loaders';
import { paths } from '../paths';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /credits/repeat-order (route credits-repeat-order): buy the last order again. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  const { body } = await loadCreditsPage(context, request);
  return { bundle: context.translations('payments'), last: body.last_order, key: crypto.randomUUID() };
}

export async function action({ request, context }: Route.ActionArgs) {
  // The body is read first: a redirect sent while the browser is still uploading resets the connection.
  const form = await readForm(request);
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  const result = await context.api(paymentsEndpoints.repeatOrder, { body: { idempotency_key: String(form.get('idempotency_key') ?? '') } });
  if (!result.ok) return data<PayActionData>({ error: result.message }, { status: result.status });
  // The result page needs the bundle and method: those of the last order, which this payment repeats.
  const state = await context.api(paymentsEndpoints.state, { query: { id: result.body.payment_id } });
  if (!state.ok) throw data(state.message, { status: state.status });
  if (state.body.bundle_id === null) return redirect(result.body.checkout_url ?? paths.transaction(result.body.payment_id));
  return afterStart(result.body, state.body.bundle_id, state.body.method);
}

export const meta = noindexMeta;

export default function RepeatOrder() {
  const { bundle, last, key } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  return <RepeatOrderScreen bundle={bundle} last={last} idempotencyKey={key} error={error} />;
}
