import { redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/activate-done';
import { signupEndpoints } from '../../common/signup/signup-endpoints';
import { ActivationDone } from '../features/signup/activation-pages';
import { paths } from '../paths';
import { mailedLinkMeta } from '../lib/route-meta';

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

export const meta = mailedLinkMeta;

export default function ActivateDone() {
  const { bundle } = useLoaderData<typeof loader>();
  return <ActivationDone bundle={bundle} />;
}
