import { useLoaderData } from 'react-router';
import type { Route } from './+types/activate-error';
import { ActivationError } from '../features/signup/activation-pages';
import { ensureBundle } from '../i18n/i18n';
import { useTranslation } from '../i18n/react';

export async function loader({ context }: Route.LoaderArgs) {
  return { bundle: context.translations('signup') };
}

export function meta() {
  return [{ name: 'robots', content: 'noindex' }];
}

export default function ActivateError() {
  const { bundle } = useLoaderData<typeof loader>();
  const { i18n } = useTranslation();
  ensureBundle(i18n, 'signup', bundle);
  return <ActivationError />;
}
