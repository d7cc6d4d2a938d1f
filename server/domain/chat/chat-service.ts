import type { FastifyBaseLogger } from 'fastify';
import type { ChatWallet, LiveEvent, SendMessage, SendMessageResponse } from '../../../common/chat/chat-schema';
import { FREE_CONVERSATIONS } from '../../../common/limits';
import type { SiteSettingsRecord } from '../../../common/sites/site-settings';
import type { Db, Tx } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { ObjectStorage } from '../../storage/object-storage';
import { creditBalance } from '../credits/credits-repository';
import type { MemberRow } from '../members/account-repository';
import { presentMessage, messageCost, type MessageRow } from './chat-presenter';
import {
  blockedEitherWay,
  clearSide,
  countStartedConversations,
  findMessage,
  lockClearableSides,
  lockConversation,
  markRead,
  otherSide,
  participant,
  totalUnread,
} from './chat-repository';
import { removePhotoFiles } from '../photos/photo-service';
import { eraseConversationEvents, retireClearedPhotos } from './conversation-erasure-repository';
import { appendEvents, type NumberedEvent } from '../member-events/member-events-repository';
import { presentEvent, type FileSigner } from '../member-events/present-event';
import { publishEvents, type MemberEventBus } from '../member-events/publish-events';
import { storeReceipts } from './receipts-repository';
import type { SendBatcher } from './send-batcher';

type Conn = Db | Tx;

/**
 * What the chat's operations need, built once by server/app.ts (decision 0016) and passed by
 * the HTTP routes and the live connections alike.
 */
export interface ChatDeps {
  db: Db;
  /** Committed events go out here (the live bus). */
  bus: MemberEventBus;
  urls: FileSigner;
  /** Chat photo files, removed after the rows that used them. */
  storage: ObjectStorage;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** The process's group commit for sends (one per database). */
  sends: SendBatcher;
  /** The settings of the member's own site (a member belongs to one site). */
  siteSettings(siteId: number): SiteSettingsRecord;
}

/** Balance, free messages left and conversations left to start. */
export async function walletOf(db: Conn, member: Pick<MemberRow, 'id' | 'paidUser' | 'freeMessagesUsed'>, settings: SiteSettingsRecord): Promise<ChatWallet> {
  // One after the other: inside a transaction the connection runs one query at a time.
  const credits = await creditBalance(db, member.id);
  const started = member.paidUser ? 0 : await countStartedConversations(db, member.id);
  return walletFrom(credits, member, started, settings);
}

/** The wallet from what the caller already knows (a send has the balance and the count at hand). */
function walletFrom(credits: number, member: Pick<MemberRow, 'paidUser' | 'freeMessagesUsed'>, started: number, settings: SiteSettingsRecord): ChatWallet {
  return {
    credits,
    paid_user: member.paidUser,
    free_messages_left: member.paidUser ? 0 : Math.max(0, settings.free_messages - member.freeMessagesUsed),
    conversations_left: member.paidUser ? null : Math.max(0, FREE_CONVERSATIONS - started),
  };
}

/** What rv_chat_send answers (server/db/functions/chat-send.sql): a refusal, a repeated client id, or the stored message's events. */
type SendOutcome =
  | { error: 'authRequired' | 'memberNotFound' | 'blocked' | 'conversationLimit' | 'photoNotFound' | 'notEnoughCredits' }
  | { error: 'unconfirmedOther'; name: string }
  | { error?: undefined; repeated: number; paid: boolean; free_used: number }
  | { error?: undefined; repeated?: undefined; conversation: number; balance: number; started: number; paid: boolean; free_used: number; events: (NumberedEvent & { memberId: number })[] };

function refusal(outcome: Extract<SendOutcome, { error: string }>): ApiError {
  switch (outcome.error) {
    case 'authRequired':
      return new ApiError(403, 'errors.authRequired');
    case 'memberNotFound':
      return new ApiError(404, 'chat:errors.memberNotFound');
    case 'blocked':
      return new ApiError(403, 'chat:errors.blocked');
    case 'unconfirmedOther':
      // Unnamed: an unconfirmed member is not listed, so the chat shows them as the neutral card.
      return new ApiError(403, 'chat:refusals.unconfirmedOther');
    case 'conversationLimit':
      return new ApiError(403, 'chat:errors.conversationLimit', { count: FREE_CONVERSATIONS });
    case 'photoNotFound':
      return new ApiError(400, 'chat:errors.photoNotFound');
    case 'notEnoughCredits':
      return new ApiError(402, 'chat:errors.notEnoughCredits');
  }
}

/**
 * Sends a message (spec 1, 4, 6; issue 5) with rv_chat_send (server/db/functions/chat-send.sql, decision 0009),
 * in one call and transaction with the other sends of the moment (SendBatcher): the sender's
 * row is locked (credits, free messages and conversation count cannot race), a retried
 * client_id returns the stored message without charging again, the conversation row is
 * locked before the message is numbered (per-conversation order), the cost is booked in the
 * ledger keyed by the message id, and both members' live events are appended; published
 * after commit. Lock order: sender row, conversation row, event streams by member id.
 * `sessionHash`: a send over the live connection, whose session is checked in the same call.
 */
export async function sendMessage(deps: ChatDeps, sender: Pick<MemberRow, 'id' | 'siteId'>, input: SendMessage, sessionHash: string | null = null): Promise<SendMessageResponse> {
  const settings = deps.siteSettings(sender.siteId);
  if (input.profile === sender.id) throw new ApiError(400, 'chat:errors.cannotMessageSelf');
  const text = input.kind === 'text' ? (input.text ?? '') : '';
  if (input.kind === 'text' && !text) throw new ApiError(400, 'chat:errors.emptyMessage', {}, 'text');
  if (text.length > settings.message_length) throw new ApiError(400, 'chat:errors.tooLong', { max: settings.message_length }, 'text');
  const gift = input.kind === 'gift' ? input.gift! : null;

  const outcome = (await deps.sends.send({
    session_hash: sessionHash,
    sender: sender.id,
    site: sender.siteId,
    profile: input.profile,
    client_id: input.client_id,
    kind: input.kind,
    body: text,
    photo_id: input.kind === 'photo' ? input.photo_id! : null,
    gift,
    cost: messageCost(settings, input.kind, gift),
    free_messages: settings.free_messages,
    free_conversations: FREE_CONVERSATIONS,
  })) as SendOutcome;
  if (outcome.error !== undefined) throw refusal(outcome);
  const me = { id: sender.id, paidUser: outcome.paid, freeMessagesUsed: outcome.free_used };
  if (outcome.repeated !== undefined) return repeatedSend(deps.db, me, outcome.repeated, settings, (key) => deps.urls.file(key));

  publishEvents(deps.bus, outcome.events);
  const mine = outcome.events.find((e) => e.memberId === sender.id)!.event;
  if (mine.kind !== 'message') throw new Error('rv_chat_send: no message event');
  return {
    // The sender's own event, its photo keys signed: the same message the other tabs receive.
    message: presentEvent(deps.urls, mine).message,
    wallet: walletFrom(outcome.balance, me, outcome.started, settings),
  };
}

/** A send repeated with a client_id already stored: the stored message, nothing charged. */
async function repeatedSend(db: Db, me: Pick<MemberRow, 'id' | 'paidUser' | 'freeMessagesUsed'>, messageId: number, settings: SiteSettingsRecord, sign: (key: string) => string): Promise<SendMessageResponse> {
  const row = (await findMessage(db, messageId))!;
  const theirs = (await otherSide(db, row.conversationId, me.id)) ?? { readUpTo: 0, deliveredUpTo: 0 };
  return { message: presentMessage(row, me.id, theirs, sign), wallet: await walletOf(db, me, settings) };
}

/**
 * The member opened the chat: unread to 0, the other member's messages read (read ticks
 * for them, the badge for the member's other tabs). Nothing happens when nothing was unread.
 */
export async function readChat(deps: Pick<ChatDeps, 'db' | 'bus'>, memberId: number, conversationId: number): Promise<number> {
  const db = deps.db;
  let events: (NumberedEvent & { memberId: number })[] = [];
  await db.transaction(async (tx) => {
    const conversation = await lockConversation(tx, conversationId);
    // The side locked (after the conversation, as sends take them): the unread count it
    // clears is exactly what leaves the member's total.
    const me = conversation && (await participant(tx, conversationId, memberId, true));
    if (!conversation || !me) throw new ApiError(404, 'chat:errors.conversationNotFound');
    const upTo = conversation.lastMessageId ?? 0;
    if (me.unread === 0 && me.readUpTo >= upTo) return;
    await markRead(tx, conversationId, memberId, upTo);
    // The totals in the events are the kept ones after the change (appendEvents fills them in).
    events = await appendEvents(
      tx,
      [
        { memberId, event: { kind: 'read', conversation: conversationId, up_to: upTo, by: 'me', total_unread_messages: 0 } },
        { memberId: me.otherId, event: { kind: 'read', conversation: conversationId, up_to: upTo, by: 'them', total_unread_messages: 0 } },
      ],
      new Map([[memberId, -me.unread]]),
    );
  });
  publishEvents(deps.bus, events);
  return totalUnread(db, memberId);
}

/**
 * Devices received their member's events up to a seq: the messages from the other member
 * in them are delivered, and their senders hear so (delivered ticks); only messages newer
 * than what was reported before count. Many members at once (each member: the highest seq
 * a device received, and `after`: a seq already acknowledged before, so that only newer
 * events are read): the live connections of a process pass theirs together (realtime/ack-batcher.ts),
 * so that receipts cost no round trips per message. One statement, so one round trip and
 * the sides it locks are held only while it runs: as a transaction of several statements it
 * held them across round trips, and send batches waiting for them made the chat's slowest
 * deliveries (decision 0009).
 */
export async function acknowledgeMany(deps: Pick<ChatDeps, 'db' | 'bus'>, acks: ReadonlyMap<number, { seq: number; after: number }>): Promise<void> {
  if (acks.size === 0) return;
  publishEvents(deps.bus, await storeReceipts(deps.db, acks));
}

/** The other member when `memberId` may signal typing in the conversation (a participant, no block), else null. */
export async function typingTarget(db: Db, memberId: number, conversationId: number): Promise<number | null> {
  const me = await participant(db, conversationId, memberId);
  if (!me || (await blockedEitherWay(db, memberId, me.otherId))) return null;
  return me.otherId;
}

/**
 * Removes chats from the member's list (spec 4): one conversation, or every chat with a
 * member. The history is cleared for this member only; a new message brings the chat back.
 */
export async function deleteChats(deps: Pick<ChatDeps, 'db' | 'bus' | 'storage' | 'log'>, memberId: number, target: { conversation: number } | { profile: number }): Promise<{ deleted: number; total_unread_messages: number }> {
  const db = deps.db;
  let events: (NumberedEvent & { memberId: number })[] = [];
  let photoKeys: string[] = [];
  const deleted = await db.transaction(async (tx) => {
    // The member's sides locked in conversation order (as sends take them): the unread
    // counts cleared are exactly what leaves the member's total.
    const mine = await lockClearableSides(tx, memberId, target);
    if (!mine.length) throw new ApiError(404, 'chat:errors.conversationNotFound');
    // The member's stored events of these chats go too, or `hello` after 0 would replay the
    // history just deleted. The other member keeps theirs: their history stays (it is theirs
    // to delete), and removing their events would only make their tabs miss messages.
    await eraseConversationEvents(tx, mine.map((c) => c.conversationId), [memberId]);
    for (const c of mine) await clearSide(tx, c.conversationId, memberId, c.lastMessageId ?? 0);
    events = await appendEvents(
      tx,
      mine.map((c) => ({ memberId, event: { kind: 'chat_deleted', conversation: c.conversationId, total_unread_messages: 0 } satisfies LiveEvent })),
      new Map([[memberId, -mine.reduce((sum, c) => sum + c.unread, 0)]]),
    );
    // Photos that both members have now deleted are seen by nobody: they go, files after commit.
    photoKeys = await retireClearedPhotos(tx, mine.map((c) => c.conversationId));
    return mine.length;
  });
  publishEvents(deps.bus, events);
  await removePhotoFiles(deps.storage, photoKeys, deps.log);
  return { deleted, total_unread_messages: await totalUnread(db, memberId) };
}

export type { MessageRow };
