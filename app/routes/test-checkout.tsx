import { data, redirect, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/test-checkout';
import { testCheckoutEndpoints, type TEST_CHECKOUT_OUTCOMES } from '../../common/payments/test-checkout';
import { TestCheckoutScreen } from '../features/payments/test-checkout-screen';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';

/** /test-checkout/{id} (route test-checkout): the built-in test provider's hosted checkout. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const checkout = await context.api(testCheckoutEndpoints.get, { query: { id: params.id } });
  if (!checkout.ok) throw data(checkout.message, { status: checkout.status });
  return { bundle: context.translations('payments'), checkout: checkout.body };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const outcome = String(form.get('outcome') ?? '');
  // Unchecked here: the API validates the outcome and answers in the payer's language.
  const body = { id: params.id, outcome: outcome as (typeof TEST_CHECKOUT_OUTCOMES)[number], store_card: form.get('store_card') === '1' };
  const result = await context.api(testCheckoutEndpoints.act, { body });
  if (!result.ok) return data({ error: result.message }, { status: result.status });
  // Back to the shop, as a real provider's checkout sends the payer.
  return redirect(result.body.return_url);
}

export const meta = noindexMeta;

export default function TestCheckout() {
  const { bundle, checkout } = useLoaderData<typeof loader>();
  const error = useActionData<typeof action>()?.error;
  return <TestCheckoutScreen bundle={bundle} checkout={checkout} error={error} />;
}
