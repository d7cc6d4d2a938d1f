import { CHAT_HISTORY_LIMIT_FREE, CHAT_PAGE_SIZE, type ChatListItem, type ChatResponse, type ChatsResponse } from '../../../common/chat/chat-schema';
import { ApiError } from '../../http/api-error';
import { countNewLikes } from '../likes/likes-repository';
import { memberTile, toTile, unavailableTile } from '../members/member-tiles';
import { findMemberById, hasConfirmedEmail, type MemberRow } from '../members/account-repository';
import { memberVisibility } from '../members/members-repository';
import { chatListRows, matchesWithoutChat } from './chat-list-repository';
import { chatCosts, giftCatalogue, presentMessage, stateOf } from './chat-presenter';
import { conversationBetween, historyFloor, messagePage, participant, totalUnread } from './chat-repository';
import { walletOf, type ChatDeps } from './chat-service';

const CHAT_LIST_LIMIT = 200;
const MATCH_STRIP_LIMIT = 20;

/**
 * The chat list (GET /api/chats.php): chats with a message after the member cleared them,
 * latest first. A chat with a member the viewer may not see (memberVisibility's rule) stays
 * in the list behind a neutral card named `unavailableName`.
 */
export async function chatList(deps: Pick<ChatDeps, 'db' | 'urls'>, member: MemberRow, unavailableName: string): Promise<ChatsResponse> {
  const db = deps.db;
  const sign = (key: string) => deps.urls.file(key);
  const rows = await chatListRows(db, member, CHAT_LIST_LIMIT);

  const chats: ChatListItem[] = rows.map((r) => ({
    conversation: {
      id: r.conversationId,
      last_message_at: r.lastMessageAt.toISOString(),
      last_message:
        r.lastId === null
          ? null
          : {
              kind: r.lastKind as 'text',
              text: r.lastKind === 'text' ? (r.lastBody ?? '').slice(0, 140) : '',
              gift: r.lastGift,
              mine: r.lastSender === member.id,
              state: r.lastSender === member.id ? stateOf(r.lastId, { readUpTo: Number(r.theirRead ?? 0), deliveredUpTo: Number(r.theirDelivered ?? 0) }) : 'read',
            },
    },
    profile: r.visible ? toTile(r, sign) : unavailableTile(r.id, unavailableName),
    num_unread_messages: r.unread,
  }));

  // Matches without a chat yet: mutual likes, newest first.
  const matchRows = await matchesWithoutChat(db, member, MATCH_STRIP_LIMIT);

  const [unread, newLikes] = await Promise.all([totalUnread(db, member.id), countNewLikes(db, member.siteId, member.id)]);
  return {
    chats,
    likes: matchRows.map((r) => ({ ...toTile(r, sign), like_new: r.seenAt === null })),
    total_unread_messages: unread,
    total_new_likes: newLikes,
  };
}

/**
 * One conversation (GET /api/chat.php) by id or with a member: the latest page of messages
 * (or older ones before `before`), what the member may do here and why not. The other member
 * follows the visibility rule of search and profile view (memberVisibility): without a
 * conversation only a listed member is found; in one, a member the viewer may not see (hidden,
 * unconfirmed, deleted, blocking the viewer) is the neutral card named `unavailableName`.
 */
export async function conversationView(
  deps: Pick<ChatDeps, 'db' | 'urls' | 'siteSettings'>,
  member: MemberRow,
  query: { id?: number | undefined; profile?: number | undefined; before?: number | undefined },
  unavailableName: string,
): Promise<ChatResponse> {
  const db = deps.db;
  const settings = deps.siteSettings(member.siteId);
  const sign = (key: string) => deps.urls.file(key);

  let otherId: number;
  let conversationId: number | null;
  if (query.id !== undefined) {
    const mine = await participant(db, query.id, member.id);
    if (!mine) throw new ApiError(404, 'chat:errors.conversationNotFound');
    otherId = mine.otherId;
    conversationId = query.id;
  } else {
    otherId = query.profile!;
    if (otherId === member.id) throw new ApiError(400, 'chat:errors.cannotMessageSelf');
    conversationId = (await conversationBetween(db, member.id, otherId))?.id ?? null;
  }
  const other = await findMemberById(db, otherId);
  if (!other || other.siteId !== member.siteId) throw new ApiError(404, 'chat:errors.memberNotFound');
  const seen = await memberVisibility(db, member.siteId, member.id, otherId);
  // No conversation yet: a member nobody may find (invisible, unconfirmed, deleted) is not found.
  if (conversationId === null && !seen.listed) throw new ApiError(404, 'chat:errors.memberNotFound');
  const profile = seen.listed && !seen.blockedMe ? (await memberTile(db, otherId, sign))! : unavailableTile(otherId, unavailableName);
  const blocked = seen.blockedMe || seen.blockedByMe;

  let messagesOut: ChatResponse['messages'] = [];
  let hasMore = false;
  let hidden = 0;
  const limit = member.paidUser ? null : CHAT_HISTORY_LIMIT_FREE;
  if (conversationId !== null && !blocked) {
    const [mine, theirs] = await Promise.all([participant(db, conversationId, member.id), participant(db, conversationId, otherId)]);
    let after = mine!.clearedUpTo;
    if (limit !== null) {
      const floor = await historyFloor(db, conversationId, after, limit);
      if (floor) {
        hidden = floor.hidden;
        after = Math.max(after, floor.floorId - 1);
      }
    }
    const page = await messagePage(db, conversationId, after, query.before ?? null, CHAT_PAGE_SIZE + 1);
    hasMore = page.length > CHAT_PAGE_SIZE;
    const shown = hasMore ? page.slice(1) : page;
    const pointers = { readUpTo: theirs!.readUpTo, deliveredUpTo: theirs!.deliveredUpTo };
    messagesOut = shown.map((row) => presentMessage(row, member.id, pointers, sign));
  }

  const wallet = await walletOf(db, member, settings);
  let cannotWrite: ChatResponse['cannot_write'] = null;
  if (blocked) cannotWrite = 'blocked';
  else if (other.status !== 'active' && other.status !== 'not_confirmed') cannotWrite = 'closed';
  else if (!hasConfirmedEmail(other)) cannotWrite = 'unconfirmed_other';
  else if (conversationId === null && wallet.conversations_left === 0) cannotWrite = 'conversation_limit';

  return {
    conversation: conversationId,
    profile,
    messages: messagesOut,
    has_more: hasMore,
    hidden_messages: hidden,
    history_limit: limit,
    me_unconfirmed: !hasConfirmedEmail(member),
    cannot_write: cannotWrite,
    costs: chatCosts(settings, member.country),
    wallet,
    gifts: giftCatalogue(settings),
  };
}
