import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/static-page';
import { isStaticPage } from '../paths';
import { StaticPage } from '../features/pages/static-page';
import { staticPageVariables } from '../features/pages/static-page-variables';

export async function loader({ request, context }: Route.LoaderArgs) {
  const name = new URL(request.url).pathname.split('/')[2];
  if (!isStaticPage(name)) throw data(null, { status: 404 });
  // US visitors reading English get the US privacy notice (CCPA/CPRA) instead of the GDPR one.
  const usPrivacy = name === 'privacy' && context.country === 'US' && context.locale === 'en';
  // Only this page's texts travel with it (the hydration data would otherwise carry all seven).
  const pages = context.translations('pages');
  return {
    name,
    usPrivacy,
    bundle: { versionOf: pages.versionOf, contactBlockTitle: pages.contactBlockTitle, ...(usPrivacy ? {} : { [name]: pages[name] }) },
    usBundle: usPrivacy ? context.translations('pages-us') : undefined,
    variables: staticPageVariables(context.settings, context.company, context.locale),
  };
}

export default function StaticPageRoute() {
  const loaded = useLoaderData<typeof loader>();
  return <StaticPage {...loaded} />;
}
