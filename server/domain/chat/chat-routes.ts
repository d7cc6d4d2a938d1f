import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chatEndpoints } from '../../../common/chat/chat-endpoints';
import { route } from '../../http/endpoint-route';
import { ApiError } from '../../http/api-error';
import { memberOrAddressKey } from '../../http/rate-limit-key';
import { deleteChats, readChat, sendMessage } from './chat-service';
import { chatList, conversationView } from './chat-views';

/** Chat needs a session; visitors get 403 with the spec's message. */
async function memberOf(request: FastifyRequest) {
  const member = await request.currentMember();
  if (!member) throw new ApiError(403, 'chat:errors.loginRequired');
  return member;
}

/** The neutral card's name of a member the viewer may not see, in the viewer's language. */
function unavailableName(request: FastifyRequest): string {
  return request.server.translations.t(request.visitor.locale)('chat:memberUnavailable');
}

/** The chat list, a conversation, sending, reading and deleting (spec sections 2, 3, 4, 6, 7). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    chatEndpoints.chats,
    { schema: { tags: ['chat'], summary: 'The member’s chats (latest first), matches without a chat, unread and new-like totals' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return chatList(app.chat, await memberOf(request), unavailableName(request));
    },
  );

  route(
    app,
    chatEndpoints.chat,
    { schema: { tags: ['chat'], summary: 'One conversation (by id, or with a member by profile id): messages, what the member may do, costs' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return conversationView(app.chat, await memberOf(request), request.query, unavailableName(request));
    },
  );

  route(
    app,
    chatEndpoints.send,
    {
      schema: { tags: ['chat'], summary: 'Send a text, photo or gift message; idempotent on client_id (a retry returns the same message, charged once)' },
      // Per member, not per address: members behind one NAT must not slow each other down.
      config: { rateLimit: { max: app.config.RATE_LIMIT_MAX, timeWindow: '1 minute', keyGenerator: memberOrAddressKey } },
    },
    async (request) => sendMessage(app.chat, await memberOf(request), request.body),
  );

  route(
    app,
    chatEndpoints.read,
    { schema: { tags: ['chat'], summary: 'The member opened the chat: its unread count becomes 0' } },
    async (request) => {
      const member = await memberOf(request);
      return { total_unread_messages: await readChat(app.chat, member.id, request.body.conversation) };
    },
  );

  route(
    app,
    chatEndpoints.deleteChat,
    { schema: { tags: ['chat'], summary: 'Remove a chat (or every chat with a member) from the member’s list' } },
    async (request) => deleteChats(app.chat, (await memberOf(request)).id, request.body),
  );
};
