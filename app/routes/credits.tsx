import { useLoaderData } from 'react-router';
import type { Route } from './+types/credits';
import { CreditsScreen } from '../features/payments/credits-page';
import { loadCreditsPage } from '../features/payments/payment-loaders';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /credits (route credits): members only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  const { body, chosen } = await loadCreditsPage(context, request);
  return { bundle: context.translations('payments'), data: body, chosen };
}

export const meta = noindexMeta;

export default function Credits() {
  const { bundle, data, chosen } = useLoaderData<typeof loader>();
  return <CreditsScreen bundle={bundle} data={data} chosen={chosen} />;
}
