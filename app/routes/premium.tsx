import { useLoaderData } from 'react-router';
import type { Route } from './+types/premium';
import { PremiumScreen } from '../features/payments/premium-page';
import { loadCreditsPage } from '../features/payments/payment-loaders';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /premium (route premium, members area): the premium packages. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  const { body, chosen } = await loadCreditsPage(context, request);
  return { bundle: context.translations('payments'), data: body, chosen };
}

export const meta = noindexMeta;

export default function Premium() {
  const { bundle, data, chosen } = useLoaderData<typeof loader>();
  return <PremiumScreen bundle={bundle} data={data} chosen={chosen} />;
}
