import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { blocks, conversationMembers, conversations, eventStreams, messages, photos } from '../../db/schema';
import type { LiveEvent } from '../../../common/chat/chat-schema';
import type { MessageRow } from './chat-presenter';

type Conn = Db | Tx;

/** Unread messages over all the member's chats: the Messages badge (spec 2), kept with the member's event stream (decision 0011). */
export async function totalUnread(db: Conn, memberId: number): Promise<number> {
  const [row] = await db.select({ n: eventStreams.unread }).from(eventStreams).where(eq(eventStreams.memberId, memberId));
  return row?.n ?? 0;
}

/** A message's columns with its photo's keys (for presentMessage). */
export const messageColumns = {
  id: messages.id,
  conversationId: messages.conversationId,
  senderId: messages.senderId,
  kind: messages.kind,
  body: messages.body,
  clientId: messages.clientId,
  gift: messages.gift,
  createdAt: messages.createdAt,
  photoFile: photos.filename,
  photoThumb: photos.thumbFilename,
  photoWidth: photos.width,
  photoHeight: photos.height,
};

/** A message's photo while it is not deleted: a deleted photo's files are gone, and its URL must not be signed again. */
const livePhoto = and(eq(photos.id, messages.photoId), ne(photos.status, 'deleted'));

export async function findMessage(db: Conn, id: number): Promise<MessageRow | undefined> {
  const [row] = await db.select(messageColumns).from(messages).leftJoin(photos, livePhoto).where(eq(messages.id, id));
  return row;
}

/** The member's side of a conversation (null: not a participant). */
export async function participant(db: Conn, conversationId: number, memberId: number, lock = false) {
  const query = db
    .select()
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)));
  const [row] = lock ? await query.for('no key update') : await query;
  return row ?? null;
}

/**
 * Before a member's conversations go (the account purge): the other members' unread
 * messages in them, as deltas for their kept totals (decision 0011). Locks the
 * conversations, then those sides, in id order, as sends take them; the caller holds the
 * member's row already.
 */
export async function unreadLeavingWith(tx: Tx, memberId: number): Promise<Map<number, number>> {
  const { rows: chats } = await tx.execute<{ id: number }>(sql`
    select id from conversations where member_low_id = ${memberId} or member_high_id = ${memberId} order by id for no key update`);
  if (chats.length === 0) return new Map();
  const { rows: sides } = await tx.execute<{ member_id: number; unread: number }>(sql`
    select member_id, unread from conversation_members
    where conversation_id = any(${`{${chats.map((c) => c.id).join(',')}}`}::int[]) and member_id <> ${memberId}
    order by conversation_id, member_id for no key update`);
  const deltas = new Map<number, number>();
  for (const side of sides) if (side.unread > 0) deltas.set(side.member_id, (deltas.get(side.member_id) ?? 0) - side.unread);
  return deltas;
}

/** Every conversation of the member, with the other member's id. */
export async function conversationsOf(db: Conn, memberId: number): Promise<{ id: number; otherId: number }[]> {
  const { rows } = await db.execute<{ id: number; other_id: number }>(sql`
    select id, case when member_low_id = ${memberId} then member_high_id else member_low_id end as other_id
    from conversations where member_low_id = ${memberId} or member_high_id = ${memberId}`);
  return rows.map((r) => ({ id: r.id, otherId: r.other_id }));
}

/** The conversation of two members (one per pair), or undefined. */
export async function conversationBetween(db: Conn, a: number, b: number, lock = false) {
  const [low, high] = a < b ? [a, b] : [b, a];
  const query = db
    .select()
    .from(conversations)
    .where(and(eq(conversations.memberLowId, low), eq(conversations.memberHighId, high)));
  const [row] = lock ? await query.for('no key update') : await query;
  return row;
}

/**
 * Starts the conversation of two members (both sides' rows) unless it exists; returns it.
 * Used by a first message and by signup's step-0 message.
 */
export async function ensureConversation(tx: Tx, siteId: number, startedBy: number, otherId: number) {
  const [low, high] = startedBy < otherId ? [startedBy, otherId] : [otherId, startedBy];
  const [created] = await tx.insert(conversations).values({ siteId, memberLowId: low, memberHighId: high, startedBy }).onConflictDoNothing().returning();
  if (created) {
    await tx.insert(conversationMembers).values([
      { conversationId: created.id, memberId: startedBy, otherId },
      { conversationId: created.id, memberId: otherId, otherId: startedBy },
    ]);
    return { conversation: created, created: true };
  }
  return { conversation: (await conversationBetween(tx, startedBy, otherId, true))!, created: false };
}

/** Conversations the member started (a free member may start FREE_CONVERSATIONS). */
export async function countStartedConversations(db: Conn, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(eq(conversations.startedBy, memberId));
  return row?.n ?? 0;
}

/**
 * Stores a message and moves the conversation on: its last message, the recipient's unread
 * count. The recipient's kept total (decision 0011) moves with the events: the caller passes
 * +1 for the recipient to appendEvents in the same transaction.
 */
export async function insertMessage(
  tx: Tx,
  values: { conversationId: number; senderId: number; recipientId: number; kind: string; body: string; clientId: string; photoId: number | null; gift: string | null; credits: number },
): Promise<number> {
  const { recipientId, ...row } = values;
  const [message] = await tx.insert(messages).values(row).returning({ id: messages.id, createdAt: messages.createdAt });
  await tx.update(conversations).set({ lastMessageId: message!.id, lastMessageAt: message!.createdAt }).where(eq(conversations.id, values.conversationId));
  await tx
    .update(conversationMembers)
    .set({ unread: sql`${conversationMembers.unread} + 1` })
    .where(and(eq(conversationMembers.conversationId, values.conversationId), eq(conversationMembers.memberId, recipientId)));
  return message!.id;
}

/**
 * A stored message's live events, as rv_chat_send makes them (server/db/functions/chat-send.sql, the same SQL
 * presentation): the recipient's, then the sender's own for their other tabs. For a message
 * stored without rv_chat_send (signup's step-0 message), to append in its transaction.
 */
export async function messageEvents(tx: Tx, message: { id: number; senderId: number; recipientId: number }): Promise<{ memberId: number; event: LiveEvent }[]> {
  const { rows } = await tx.execute<{ to_them: LiveEvent; to_me: LiveEvent }>(sql`
    select
      rv_message_event(rv_message_json(m.id, m.conversation_id, false, m.client_id, m.kind, m.body, p.filename, p.thumb_filename, p.width, p.height, m.gift, m.created_at), mine.tile, theirs.unread, theirs.total) as to_them,
      rv_message_event(rv_message_json(m.id, m.conversation_id, true, m.client_id, m.kind, m.body, p.filename, p.thumb_filename, p.width, p.height, m.gift, m.created_at), theirs.tile, mine.unread, mine.total) as to_me
    from messages m
    left join photos p on p.id = m.photo_id
    cross join rv_chat_side(m.conversation_id, ${message.senderId}) mine
    cross join rv_chat_side(m.conversation_id, ${message.recipientId}) theirs
    where m.id = ${message.id}`);
  const [row] = rows;
  if (!row) throw new Error(`messageEvents: message ${message.id} not found`);
  return [
    { memberId: message.recipientId, event: row.to_them },
    { memberId: message.senderId, event: row.to_me },
  ];
}

/** A page of a conversation's messages after `afterId` (cleared or hidden before it), newest `limit` below `beforeId`, oldest first. */
export async function messagePage(db: Conn, conversationId: number, afterId: number, beforeId: number | null, limit: number): Promise<MessageRow[]> {
  const rows = await db
    .select(messageColumns)
    .from(messages)
    .leftJoin(photos, livePhoto)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, afterId), beforeId ? lt(messages.id, beforeId) : undefined))
    .orderBy(desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

/** The id of the `n`th newest message after `afterId` (null: fewer than n), and how many come before it. */
export async function historyFloor(db: Conn, conversationId: number, afterId: number, n: number): Promise<{ floorId: number; hidden: number } | null> {
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, afterId)))
    .orderBy(desc(messages.id))
    .offset(n - 1)
    .limit(1);
  if (!row) return null;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), gt(messages.id, afterId), lt(messages.id, row.id)));
  return { floorId: row.id, hidden: count?.n ?? 0 };
}

/** Whether either member blocked the other. */
export async function blockedEitherWay(db: Conn, a: number, b: number): Promise<boolean> {
  const [row] = await db
    .select({ x: sql`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return Boolean(row);
}

/** The other member's side of a conversation: how far they received and read (the message's ticks). */
export async function otherSide(db: Conn, conversationId: number, memberId: number): Promise<{ readUpTo: number; deliveredUpTo: number } | undefined> {
  const [row] = await db
    .select({ readUpTo: conversationMembers.readUpTo, deliveredUpTo: conversationMembers.deliveredUpTo })
    .from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), ne(conversationMembers.memberId, memberId)));
  return row;
}

/** The conversation row, locked for the transaction (before its sides, as sends take them); undefined when gone. */
export async function lockConversation(tx: Tx, conversationId: number) {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, conversationId)).for('no key update');
  return row;
}

/** The member read the conversation up to `upTo`: their side's unread to 0, the other member's messages read. */
export async function markRead(tx: Tx, conversationId: number, memberId: number, upTo: number): Promise<void> {
  await tx
    .update(conversationMembers)
    .set({ unread: 0, readUpTo: upTo, deliveredUpTo: sql`greatest(${conversationMembers.deliveredUpTo}, ${upTo})` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)));
  await tx
    .update(messages)
    .set({ readAt: new Date() })
    .where(and(eq(messages.conversationId, conversationId), ne(messages.senderId, memberId), isNull(messages.readAt), lt(messages.id, upTo + 1)));
}

/**
 * The member's sides with history left to clear (one conversation, or every one with a
 * member), locked in conversation order as sends take them.
 */
export async function lockClearableSides(tx: Tx, memberId: number, target: { conversation: number } | { profile: number }) {
  return tx
    .select({ conversationId: conversationMembers.conversationId, lastMessageId: conversations.lastMessageId, unread: conversationMembers.unread })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .where(
      and(
        eq(conversationMembers.memberId, memberId),
        'conversation' in target ? eq(conversationMembers.conversationId, target.conversation) : eq(conversationMembers.otherId, target.profile),
        gt(sql`coalesce(${conversations.lastMessageId}, 0)`, conversationMembers.clearedUpTo),
      ),
    )
    .orderBy(conversationMembers.conversationId)
    .for('no key update', { of: conversationMembers });
}

/** Clears the member's history of a conversation up to `lastMessageId` (theirs only; the other side keeps it). */
export async function clearSide(tx: Tx, conversationId: number, memberId: number, lastMessageId: number): Promise<void> {
  await tx
    .update(conversationMembers)
    .set({ unread: 0, clearedUpTo: lastMessageId, readUpTo: sql`greatest(${conversationMembers.readUpTo}, ${lastMessageId})` })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)));
}
