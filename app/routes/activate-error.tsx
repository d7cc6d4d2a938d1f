import { useLoaderData } from 'react-router';
import type { Route } from './+types/activate-error';
import { ActivationError } from '../features/signup/activation-pages';
import { noindexMeta } from '../lib/route-meta';

export async function loader({ context }: Route.LoaderArgs) {
  return { bundle: context.translations('signup') };
}

export const meta = noindexMeta;

export default function ActivateError() {
  const { bundle } = useLoaderData<typeof loader>();
  return <ActivationError bundle={bundle} />;
}
