import { useLoaderData } from 'react-router';
import type { Route } from './+types/credits';
import { CreditsScreen } from '../features/payments/credits-page';
import { loadCreditsPage } from '../features/payments/payment-loaders';
import { loadDiscount } from '../features/payments/discount-loaders';
import { claimStayOffer } from '../features/account-deletion/stay-offer';
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /credits (route credits): members only; a discount code by link (?code=), typed, or the member's offer. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw loginRedirect(url.pathname + url.search);
  const [{ body, chosen }, discount] = await Promise.all([loadCreditsPage(context, request), loadDiscount(context, url)]);
  return { bundle: context.translations('payments'), data: body, chosen, discount, memberId: context.user.id };
}

/** The delete dialog's offer posts here: it claims the member's personal code and opens this page with it. */
export async function action({ request, context }: Route.ActionArgs) {
  // The body is read first: a redirect sent while the browser is still uploading resets the connection.
  const form = await readForm(request);
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  return claimStayOffer(context, form);
}

export const meta = noindexMeta;

export default function Credits() {
  const { bundle, data, chosen, discount, memberId } = useLoaderData<typeof loader>();
  return <CreditsScreen bundle={bundle} data={data} chosen={chosen} discount={discount} memberId={memberId} />;
}
