import { redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/swipe-game';
import { SwipeGame } from '../features/likes/swipe-game';
import { paths } from '../paths';
import { noindexMeta } from '../lib/route-meta';

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(paths.loginThen(new URL(request.url).pathname));
  return { bundle: context.translations('likes') };
}

export const meta = noindexMeta;

export default function SwipeGameRoute() {
  const { bundle } = useLoaderData<typeof loader>();
  return <SwipeGame bundle={bundle} />;
}
