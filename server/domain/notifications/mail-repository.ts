import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversationMembers, likes, members, messages, notificationMails } from '../../db/schema';

export type MailRecord = typeof notificationMails.$inferInsert;

export async function recordMail(db: Db, row: MailRecord): Promise<void> {
  await db.insert(notificationMails).values(row);
}

/** The newest mail of a type to a member (about one conversation when given). */
export async function lastMail(db: Db, memberId: number, type: string, conversationId?: number) {
  const [row] = await db
    .select({ sentAt: notificationMails.sentAt, upToMessageId: notificationMails.upToMessageId })
    .from(notificationMails)
    .where(and(eq(notificationMails.memberId, memberId), eq(notificationMails.type, type), conversationId === undefined ? undefined : eq(notificationMails.conversationId, conversationId)))
    .orderBy(desc(notificationMails.sentAt))
    .limit(1);
  return row;
}

/** The newest message of a conversation any mail to this member covered (0: none). */
export async function mailedUpTo(db: Db, memberId: number, conversationId: number): Promise<number> {
  const [row] = await db
    .select({ upTo: sql<number>`coalesce(max(${notificationMails.upToMessageId}), 0)::int` })
    .from(notificationMails)
    .where(and(eq(notificationMails.conversationId, conversationId), eq(notificationMails.memberId, memberId)));
  return row?.upTo ?? 0;
}

/** A message as a notice needs it: its sender's name and whether it opened the conversation. */
export async function messageFacts(db: Db, messageId: number) {
  const [row] = await db
    .select({
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      senderName: members.name,
      first: sql<boolean>`not exists (select 1 from messages m2 where m2.conversation_id = ${messages.conversationId} and m2.id < ${messages.id})`,
    })
    .from(messages)
    .innerJoin(members, eq(members.id, messages.senderId))
    .where(eq(messages.id, messageId));
  return row;
}

/**
 * The other member's messages in a conversation the member has not read and no mail covered
 * yet: how many, the newest id, the sender's name.
 */
export async function unmailedUnread(db: Db, memberId: number, conversationId: number, mailedUpToId: number) {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, newest: sql<number>`coalesce(max(${messages.id}), 0)::int`, senderName: sql<string | null>`max(${members.name})` })
    .from(conversationMembers)
    .innerJoin(messages, and(eq(messages.conversationId, conversationMembers.conversationId), gt(messages.id, conversationMembers.readUpTo), gt(messages.id, conversationMembers.clearedUpTo)))
    .innerJoin(members, eq(members.id, messages.senderId))
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId), sql`${messages.senderId} <> ${memberId}`, gt(messages.id, mailedUpToId)));
  return row ?? { count: 0, newest: 0, senderName: null };
}

/** Likes the member received and has not seen, after `since`: how many, and the newest liker (name, match). */
export async function newLikesSince(db: Db, memberId: number, since: Date) {
  const rows = await db
    .select({
      name: members.name,
      likerId: likes.likerId,
      match: sql<boolean>`exists (select 1 from likes back where back.liker_id = ${memberId} and back.liked_id = ${likes.likerId})`,
    })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .where(and(eq(likes.likedId, memberId), isNull(likes.seenAt), gt(likes.createdAt, since)))
    .orderBy(desc(likes.createdAt))
    .limit(50);
  return rows;
}

/** A member as a notification needs them. */
export async function recipient(db: Db, memberId: number) {
  const [row] = await db.select().from(members).where(eq(members.id, memberId));
  return row;
}
