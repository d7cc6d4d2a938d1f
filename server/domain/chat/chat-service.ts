import { and, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ChatWallet, LiveEvent, SendMessage, SendMessageResponse } from '../../../common/chat/chat-schema';
import { FREE_CONVERSATIONS } from '../../../common/limits';
import type { SiteSettingsRecord } from '../../../common/sites/site-settings';
import type { Db, Tx } from '../../db/database';
import { conversationMembers, conversations, messages, photos } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { creditBalance } from '../credits/credits-repository';
import type { MemberRow } from '../members/account-repository';
import { presentMessage, messageCost, type MessageRow } from './chat-presenter';
import { blockedEitherWay, conversationSides, countStartedConversations, ensureConversation, findMessage, lockSender, participant, recipientFor, storeMessage, totalUnread, type SenderRow } from './chat-repository';
import { appendEvents, publishEvents, type NumberedEvent } from './live-events';

type Conn = Db | Tx;
const identity = (key: string) => key;
/** An acknowledgement looks at this many events before it (acks come every 250 ms; a tab far behind gets read receipts instead). */
const ACK_WINDOW = 1000;

/** The settings of the member's own site (a member belongs to one site). */
export function siteSettingsOf(app: FastifyInstance, siteId: number): SiteSettingsRecord {
  const site = app.sites.list().find((s) => s.row.id === siteId);
  if (!site) throw new Error(`no site ${siteId}`);
  return site.row.settings;
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

/**
 * Sends a message (spec 1, 4, 6; issue 5): in one transaction the sender's row is locked
 * (credits, free messages and conversation count cannot race), a retried client_id returns
 * the stored message without charging again, the conversation row is locked before the
 * message is numbered (per-conversation order), the cost is booked in the ledger keyed by
 * the message id, and both members' live events are appended. Events are published after
 * commit. Lock order everywhere: sender row, conversation row, event streams by member id.
 */
export async function sendMessage(app: FastifyInstance, member: MemberRow, input: SendMessage): Promise<SendMessageResponse> {
  const db = app.database.db;
  const settings = siteSettingsOf(app, member.siteId);
  if (input.profile === member.id) throw new ApiError(400, 'chat:errors.cannotMessageSelf');
  const text = input.kind === 'text' ? (input.text ?? '') : '';
  if (input.kind === 'text' && !text) throw new ApiError(400, 'chat:errors.emptyMessage', {}, 'text');
  if (text.length > settings.message_length) throw new ApiError(400, 'chat:errors.tooLong', { max: settings.message_length }, 'text');

  let events: (NumberedEvent & { memberId: number })[] = [];
  const sign = (key: string) => app.photoUrls.file(key);
  const result = await db.transaction(async (tx): Promise<SendMessageResponse & { fresh: boolean }> => {
    const me = await lockSender(tx, member.id, input.client_id);
    if (!me || me.status === 'pending_deletion' || me.status === 'disabled') throw new ApiError(403, 'errors.authRequired');
    if (me.repeatedId !== null) return { ...(await repeatedSend(tx, me, me.repeatedId, settings, sign)), fresh: false };

    const other = await recipientFor(tx, me.id, input.profile);
    if (!other || other.siteId !== me.siteId || (other.status !== 'active' && other.status !== 'not_confirmed')) throw new ApiError(404, 'chat:errors.memberNotFound');
    if (other.blocked) throw new ApiError(403, 'chat:errors.blocked');
    if (other.emailConfirmedAt === null || other.status === 'not_confirmed') throw new ApiError(403, 'chat:errors.unconfirmedOther', { name: other.name });

    let started = me.paidUser ? 0 : await countStartedConversations(tx, me.id);
    let conversationId = other.conversationId;
    if (conversationId === null) {
      if (!me.paidUser && started >= FREE_CONVERSATIONS) throw new ApiError(403, 'chat:errors.conversationLimit', { count: FREE_CONVERSATIONS });
      const made = await ensureConversation(tx, me.siteId, me.id, other.id);
      conversationId = made.conversation.id;
      if (made.created) started += 1;
    } else {
      // Locked before the message gets its id: ids follow the order of commits in a conversation.
      await tx.execute(sql`select 1 from conversations where id = ${conversationId} for no key update`);
    }

    let photo: { id: number; filename: string; thumbFilename: string; width: number; height: number } | null = null;
    if (input.kind === 'photo') {
      [photo = null] = await tx
        .select({ id: photos.id, filename: photos.filename, thumbFilename: photos.thumbFilename, width: photos.width, height: photos.height })
        .from(photos)
        .where(and(eq(photos.id, input.photo_id!), eq(photos.memberId, me.id), eq(photos.kind, 'chat'), ne(photos.status, 'deleted')));
      if (!photo) throw new ApiError(400, 'chat:errors.photoNotFound');
    }
    const gift = input.kind === 'gift' ? input.gift! : null;
    const free = input.kind === 'text' && !me.paidUser && me.freeMessagesUsed < settings.free_messages;
    const cost = free ? 0 : messageCost(settings, input.kind, gift);
    const balance = await creditBalance(tx, me.id);
    if (balance < cost) throw new ApiError(402, 'chat:errors.notEnoughCredits');

    const stored = await storeMessage(tx, {
      conversationId,
      senderId: me.id,
      recipientId: other.id,
      kind: input.kind,
      body: text,
      clientId: input.client_id,
      photoId: photo?.id ?? null,
      gift,
      credits: cost,
      ledgerKind: input.kind === 'text' ? 'message' : input.kind,
      free,
    });
    const row: MessageRow = {
      id: stored.id,
      conversationId,
      senderId: me.id,
      kind: input.kind,
      body: text,
      clientId: input.client_id,
      gift,
      createdAt: stored.createdAt,
      photoFile: photo?.filename ?? null,
      photoThumb: photo?.thumbFilename ?? null,
      photoWidth: photo?.width ?? null,
      photoHeight: photo?.height ?? null,
    };

    // Both sides hear of it live: the recipient, and the sender's other tabs.
    const sides = await conversationSides(tx, conversationId);
    const mine = sides.get(me.id)!;
    const theirs = sides.get(other.id)!;
    const toThem: LiveEvent = { kind: 'message', message: presentMessage(row, other.id, mine, identity), profile: mine.tile, conversation_unread: theirs.unread, total_unread_messages: theirs.total };
    const toMe: LiveEvent = { kind: 'message', message: presentMessage(row, me.id, theirs, identity), profile: theirs.tile, conversation_unread: mine.unread, total_unread_messages: mine.total };
    events = await appendEvents(tx, [
      { memberId: other.id, event: toThem },
      { memberId: me.id, event: toMe },
    ]);
    return {
      message: presentMessage(row, me.id, theirs, sign),
      wallet: walletFrom(balance - cost, { paidUser: me.paidUser, freeMessagesUsed: me.freeMessagesUsed + (free ? 1 : 0) }, started, settings),
      fresh: true,
    };
  });
  if (result.fresh) publishEvents(app.liveBus, events);
  return { message: result.message, wallet: result.wallet };
}

/** A send repeated with a client_id already stored: the stored message, nothing charged. */
async function repeatedSend(tx: Tx, me: SenderRow, messageId: number, settings: SiteSettingsRecord, sign: (key: string) => string): Promise<SendMessageResponse> {
  const row = (await findMessage(tx, eq(messages.id, messageId)))!;
  const sides = await conversationSides(tx, row.conversationId);
  const theirs = [...sides.values()].find((s) => s.memberId !== me.id) ?? { readUpTo: 0, deliveredUpTo: 0 };
  return { message: presentMessage(row, me.id, theirs, sign), wallet: await walletOf(tx, me, settings) };
}

/**
 * The member opened the chat: unread to 0, the other member's messages read (read ticks
 * for them, the badge for the member's other tabs). Nothing happens when nothing was unread.
 */
export async function readChat(app: FastifyInstance, memberId: number, conversationId: number): Promise<number> {
  const db = app.database.db;
  let events: (NumberedEvent & { memberId: number })[] = [];
  await db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('no key update');
    const me = conversation && (await participant(tx, conversationId, memberId));
    if (!conversation || !me) throw new ApiError(404, 'chat:errors.conversationNotFound');
    const upTo = conversation.lastMessageId ?? 0;
    if (me.unread === 0 && me.readUpTo >= upTo) return;
    await tx
      .update(conversationMembers)
      .set({ unread: 0, readUpTo: upTo, deliveredUpTo: sql`greatest(${conversationMembers.deliveredUpTo}, ${upTo})` })
      .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)));
    await tx
      .update(messages)
      .set({ readAt: new Date() })
      .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, memberId), isNull(messages.readAt), lt(messages.id, upTo + 1)));
    const myTotal = await totalUnread(tx, memberId);
    const theirTotal = await totalUnread(tx, me.otherId);
    events = await appendEvents(tx, [
      { memberId, event: { kind: 'read', conversation: conversationId, up_to: upTo, by: 'me', total_unread_messages: myTotal } },
      { memberId: me.otherId, event: { kind: 'read', conversation: conversationId, up_to: upTo, by: 'them', total_unread_messages: theirTotal } },
    ]);
  });
  publishEvents(app.liveBus, events);
  return totalUnread(db, memberId);
}

/**
 * A device of the member received their events up to `seq`: the messages in them are
 * delivered, and their senders hear so (delivered ticks). Only messages from the other
 * member that are newer than what was already reported count.
 */
export async function acknowledge(app: FastifyInstance, memberId: number, seq: number): Promise<void> {
  const db = app.database.db;
  let events: (NumberedEvent & { memberId: number })[] = [];
  await db.transaction(async (tx) => {
    const rows = await tx.execute<{ conversation_id: number; other_id: number; up_to: number }>(sql`
      with received as (
        select (e.event->'message'->>'conversation')::int as conversation_id, max((e.event->'message'->>'id')::int) as up_to
        from member_events e
        where e.member_id = ${memberId} and e.seq <= ${seq} and e.seq > ${seq - ACK_WINDOW} and e.event->>'kind' = 'message' and (e.event->'message'->>'mine')::boolean = false
        group by 1
      )
      update conversation_members cm set delivered_up_to = r.up_to
      from received r
      where cm.conversation_id = r.conversation_id and cm.member_id = ${memberId} and cm.delivered_up_to < r.up_to
      returning cm.conversation_id, cm.other_id, cm.delivered_up_to as up_to`);
    const changed = rows.rows;
    if (!changed.length) return;
    events = await appendEvents(
      tx,
      changed.map((r) => ({ memberId: r.other_id, event: { kind: 'delivered', conversation: r.conversation_id, up_to: r.up_to } satisfies LiveEvent })),
    );
  });
  publishEvents(app.liveBus, events);
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
export async function deleteChats(app: FastifyInstance, memberId: number, target: { conversation: number } | { profile: number }): Promise<{ deleted: number; total_unread_messages: number }> {
  const db = app.database.db;
  let events: (NumberedEvent & { memberId: number })[] = [];
  const deleted = await db.transaction(async (tx) => {
    const mine = await tx
      .select({ conversationId: conversationMembers.conversationId, lastMessageId: conversations.lastMessageId })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .where(
        and(
          eq(conversationMembers.memberId, memberId),
          'conversation' in target ? eq(conversationMembers.conversationId, target.conversation) : eq(conversationMembers.otherId, target.profile),
          gt(sql`coalesce(${conversations.lastMessageId}, 0)`, conversationMembers.clearedUpTo),
        ),
      );
    if (!mine.length) throw new ApiError(404, 'chat:errors.conversationNotFound');
    for (const c of mine) {
      await tx
        .update(conversationMembers)
        .set({ unread: 0, clearedUpTo: c.lastMessageId ?? 0, readUpTo: sql`greatest(${conversationMembers.readUpTo}, ${c.lastMessageId ?? 0})` })
        .where(and(eq(conversationMembers.conversationId, c.conversationId), eq(conversationMembers.memberId, memberId)));
    }
    const total = await totalUnread(tx, memberId);
    events = await appendEvents(
      tx,
      mine.map((c) => ({ memberId, event: { kind: 'chat_deleted', conversation: c.conversationId, total_unread_messages: total } satisfies LiveEvent })),
    );
    return mine.length;
  });
  publishEvents(app.liveBus, events);
  return { deleted, total_unread_messages: await totalUnread(db, memberId) };
}

export type { MessageRow };
