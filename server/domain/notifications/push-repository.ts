import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { conversationMembers, likes, members, messages, pushSubscriptions } from '../../db/schema';
import { totalUnread } from '../chat/chat-repository';
import { countNewLikes } from '../likes/likes-repository';

export interface PushRecipient {
  id: number;
  siteId: number;
  language: string;
  status: string;
  pushMessageText: boolean;
}

export async function findPushRecipient(db: Db, memberId: number): Promise<PushRecipient | null> {
  const [row] = await db
    .select({ id: members.id, siteId: members.siteId, language: members.language, status: members.status, pushMessageText: members.pushMessageText })
    .from(members)
    .where(eq(members.id, memberId));
  return row ?? null;
}

/**
 * A message as its push needs it, if `recipientId` is its other side and has not read it yet
 * (read on another device before the job ran: nothing to announce).
 */
export async function findUnreadMessageFor(db: Db, messageId: number, recipientId: number) {
  const [row] = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      senderName: members.name,
      kind: messages.kind,
      body: messages.body,
      readUpTo: conversationMembers.readUpTo,
    })
    .from(messages)
    .innerJoin(members, eq(members.id, messages.senderId))
    .innerJoin(conversationMembers, and(eq(conversationMembers.conversationId, messages.conversationId), eq(conversationMembers.memberId, recipientId)))
    .where(eq(messages.id, messageId));
  if (!row || row.senderId === recipientId || row.readUpTo >= row.id) return null;
  return row;
}

/** The liker's name while the like still stands (taken back or removed by a block: null). */
export async function findLikerName(db: Db, likerId: number, likedId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: members.name })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return row?.name ?? null;
}

/** The app badge (spec 4): unread messages plus new likes, as the top bar counts them. */
export async function pushBadge(db: Db, siteId: number, memberId: number): Promise<number> {
  const [unread, newLikes] = await Promise.all([totalUnread(db, memberId), countNewLikes(db, siteId, memberId)]);
  return unread + newLikes;
}

export async function pushDevicesOf(db: Db, memberId: number) {
  return db
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId));
}

/** Subscriptions the push service no longer knows (404/410) or whose address is not public. */
export async function forgetPushDevices(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, [...ids]));
}

export async function markPushDelivered(db: Db, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length > 0) await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, [...ids]));
}
