import { useLoaderData } from 'react-router';
import type { Route } from './+types/swipe-game';
import { SwipeGame } from '../features/likes/swipe-game';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  return { bundle: context.translations('likes') };
}

export const meta = noindexMeta;

export default function SwipeGameRoute() {
  const { bundle } = useLoaderData<typeof loader>();
  return <SwipeGame bundle={bundle} />;
}
