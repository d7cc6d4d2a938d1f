import { useLoaderData } from 'react-router';
import type { Route } from './+types/directdebit';
import { directDebitEndpoints } from '../../common/direct-debit/direct-debit-endpoints';
import { DirectDebitPage } from '../features/direct-debit/direct-debit-page';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /directdebit?bundle={id}&country={cc}&code={discount code?}: pay a bundle by SEPA direct debit (spec 5 and 8). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw loginRedirect(url.pathname + url.search);
  const bundle = Number(url.searchParams.get('bundle'));
  const country = (url.searchParams.get('country') ?? context.country ?? '').toUpperCase();
  const valid = Number.isInteger(bundle) && bundle > 0 && /^[A-Z]{2}$/.test(country);
  // The code the Pay screen applied (/directdebit?...&code=X): the API prices the bundle with it.
  const code = url.searchParams.get('code')?.trim();
  const page = await context.api(directDebitEndpoints.page, { query: valid ? { bundle, country, ...(code ? { code } : {}) } : {} });
  return {
    bundle: context.translations('direct-debit'),
    page: page.ok ? page.body : null,
    problem: page.ok ? null : page.message,
    country,
    siteName: context.settings.name,
  };
}

export const meta = noindexMeta;

export default function DirectDebit() {
  const data = useLoaderData<typeof loader>();
  return <DirectDebitPage {...data} />;
}
