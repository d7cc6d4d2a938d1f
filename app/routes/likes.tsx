import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/likes';
import { isLikeTab, type LikeTab } from '../../common/likes/likes';
import { likesEndpoints } from '../../common/likes/likes-endpoints';
import { LikesPage } from '../features/likes/likes-page';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/**
 * /likes, /likes/{type} (received, sent, matches) and /likes/m/{id}: a received like of
 * member {id} opened from a mail or push, shown first; the page marks it seen once it runs
 * (a GET writes nothing: a link on another site could start it).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { id: rawId, type } = params as { id?: string; type?: string };
  if (!context.user) throw loginRedirect(new URL(request.url).pathname);
  let tab: LikeTab = 'received';
  let openedId: number | null = null;
  if (rawId !== undefined) {
    const id = Number(rawId);
    if (!Number.isInteger(id) || id <= 0) throw data('Not found', { status: 404 });
    openedId = id;
  } else if (type !== undefined) {
    if (!isLikeTab(type)) throw data('Not found', { status: 404 });
    tab = type;
  }
  const likes = await context.api(likesEndpoints.likes);
  if (!likes.ok) throw data(likes.message, { status: likes.status });
  return { bundle: context.translations('likes'), likes: likes.body, tab, openedId };
}

export const meta = noindexMeta;

export default function Likes() {
  const { bundle, likes, tab, openedId } = useLoaderData<typeof loader>();
  return <LikesPage bundle={bundle} initial={likes} tab={tab} openedId={openedId} />;
}
