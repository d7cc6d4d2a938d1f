import { data, useLoaderData } from 'react-router';
import type { Route } from './+types/chats';
import { chatEndpoints } from '../../common/chat/chat-endpoints';
import { ChatsScreen } from '../features/chat/chats-screen';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/** /chats: the member's chats (latest first) and the matches without a chat yet. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.user) throw loginRedirect(new URL(request.url).pathname, 'chat');
  const chats = await context.api(chatEndpoints.chats);
  if (!chats.ok) throw data(chats.message, { status: chats.status });
  return { bundle: context.translations('chat'), chats: chats.body };
}

export const meta = noindexMeta;

export default function Chats() {
  const { bundle, chats } = useLoaderData<typeof loader>();
  return <ChatsScreen bundle={bundle} initialChats={chats} chat={null} />;
}
