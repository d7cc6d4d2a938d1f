import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { conversations, creditEntries, likes, members, messages, photos, pushSubscriptions, sessions } from '../../db/schema';

/** The queries of the data export: the member's own rows only. */

export function photosOf(db: Db, memberId: number) {
  return db.select().from(photos).where(eq(photos.memberId, memberId)).orderBy(asc(photos.id));
}

/** The member's conversations with the other party's id and name (nothing else of theirs). */
export function conversationsOf(db: Db, memberId: number) {
  const other = alias(members, 'other');
  return db
    .select({
      id: conversations.id,
      startedBy: conversations.startedBy,
      createdAt: conversations.createdAt,
      otherId: other.id,
      otherName: other.name,
    })
    .from(conversations)
    .innerJoin(
      other,
      sql`${other.id} = case when ${conversations.memberLowId} = ${memberId} then ${conversations.memberHighId} else ${conversations.memberLowId} end`,
    )
    .where(or(eq(conversations.memberLowId, memberId), eq(conversations.memberHighId, memberId)))
    .orderBy(asc(conversations.id));
}

export function messagesOf(db: Db, conversationIds: number[]) {
  if (conversationIds.length === 0) return Promise.resolve([]);
  return db.select().from(messages).where(inArray(messages.conversationId, conversationIds)).orderBy(asc(messages.conversationId), asc(messages.id));
}

export function creditEntriesOf(db: Db, memberId: number) {
  return db.select().from(creditEntries).where(eq(creditEntries.memberId, memberId)).orderBy(asc(creditEntries.id));
}

/** Sessions without their token hashes: a hash is a credential's fingerprint, not the member's data. */
export function sessionsOf(db: Db, memberId: number) {
  return db
    .select({ createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.memberId, memberId))
    .orderBy(asc(sessions.createdAt));
}

/** Only the endpoints: the encryption keys are secrets of the browser's push channel. */
export function pushSubscriptionsOf(db: Db, memberId: number) {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(asc(pushSubscriptions.id));
}

/** Likes the member gave and received, with the other member's id and name only. */
export function likesOf(db: Db, memberId: number) {
  const other = alias(members, 'other');
  return db
    .select({ likerId: likes.likerId, createdAt: likes.createdAt, seenAt: likes.seenAt, otherId: other.id, otherName: other.name })
    .from(likes)
    .innerJoin(other, sql`${other.id} = case when ${likes.likerId} = ${memberId} then ${likes.likedId} else ${likes.likerId} end`)
    .where(or(eq(likes.likerId, memberId), eq(likes.likedId, memberId)))
    .orderBy(asc(likes.createdAt));
}
