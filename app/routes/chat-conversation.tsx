import { data, redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/chat-conversation';
import { chatEndpoints } from '../../common/chat/chat-endpoints';
import { ChatsScreen } from '../features/chat/chats-screen';
import { paths } from '../paths';
import { noindexMeta } from '../lib/route-meta';
import { loginRedirect } from '../lib/login-redirect.server';

/**
 * /chats/{id} (a conversation) and /members/{id}/chat (the conversation with a member, also
 * before there is one: the icebreaker is offered). ?gift=1 opens the gift picker.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (!context.user) throw loginRedirect(url.pathname + url.search, 'chat');
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw data(null, { status: 404 });
  const byMember = url.pathname.startsWith('/members/');
  if (byMember && id === context.user.id) throw redirect(paths.chats());
  const [chats, chat] = await Promise.all([
    context.api(chatEndpoints.chats),
    context.api(chatEndpoints.chat, { query: byMember ? { profile: id } : { id } }),
  ]);
  if (!chats.ok) throw data(chats.message, { status: chats.status });
  if (!chat.ok) throw data(chat.status === 404 ? null : chat.message, { status: chat.status });
  return { bundle: context.translations('chat'), chats: chats.body, chat: chat.body, gift: url.searchParams.get('gift') === '1' };
}

export const meta = noindexMeta;

export default function ChatConversation() {
  const { bundle, chats, chat, gift } = useLoaderData<typeof loader>();
  return <ChatsScreen bundle={bundle} initialChats={chats} chat={chat} openGift={gift} />;
}
