import { redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/activate-done';
import { signupEndpoints } from '../../common/signup/signup-endpoints';
import { ActivationDone } from '../features/signup/activation-pages';
import { ensureBundle } from '../i18n/i18n';
import { useTranslation } from '../i18n/react';
import { paths } from '../paths';

/**
 * The activation link lands here with its token: the address is confirmed, then the token
 * leaves the URL (no Referer or history carries it further).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token');
  if (token !== null) {
    const result = await context.api(signupEndpoints.activate, { body: { token } });
    throw redirect(result.ok ? paths.activateDone() : paths.activateError());
  }
  return { bundle: context.translations('signup') };
}

export function meta() {
  return [
    { name: 'robots', content: 'noindex' },
    { name: 'referrer', content: 'no-referrer' },
  ];
}

export default function ActivateDone() {
  const { bundle } = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  ensureBundle(i18n, 'signup', bundle);
  return <ActivationDone />;
}
