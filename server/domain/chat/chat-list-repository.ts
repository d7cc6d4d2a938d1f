import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database';
import { conversationMembers, conversations, likes, members, messages, photos } from '../../db/schema';
import type { MemberRow } from '../members/account-repository';
import { tileColumns, visibleMemberConditions } from '../members/members-repository';

/**
 * The member's chats with a message after they cleared them, latest first: the other
 * member's tile columns, whether the member may see them, the unread count and the last
 * message with how far the other member read and received it.
 */
export async function chatListRows(db: Db, member: Pick<MemberRow, 'id' | 'siteId'>, limit: number) {
  const last = alias(messages, 'last');
  return db
    .select({
      ...tileColumns,
      visible: sql<boolean>`coalesce((${visibleMemberConditions(member.siteId, member.id)}), false)`,
      conversationId: conversationMembers.conversationId,
      unread: conversationMembers.unread,
      lastMessageAt: conversations.lastMessageAt,
      lastId: last.id,
      lastKind: last.kind,
      lastBody: last.body,
      lastGift: last.gift,
      lastSender: last.senderId,
      theirRead: sql<number>`(select read_up_to from conversation_members o where o.conversation_id = ${conversationMembers.conversationId} and o.member_id = ${conversationMembers.otherId})`,
      theirDelivered: sql<number>`(select delivered_up_to from conversation_members o where o.conversation_id = ${conversationMembers.conversationId} and o.member_id = ${conversationMembers.otherId})`,
    })
    .from(conversationMembers)
    .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
    .innerJoin(members, eq(members.id, conversationMembers.otherId))
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .leftJoin(last, eq(last.id, conversations.lastMessageId))
    .where(
      and(
        eq(conversationMembers.memberId, member.id),
        gt(sql`coalesce(${conversations.lastMessageId}, 0)`, conversationMembers.clearedUpTo),
        inArray(members.status, ['active', 'not_confirmed']),
      ),
    )
    .orderBy(desc(conversations.lastMessageAt))
    .limit(limit);
}

/** Mutual likes without a chat yet, newest first, as tile rows with when the other's like was seen. */
export async function matchesWithoutChat(db: Db, member: Pick<MemberRow, 'id' | 'siteId'>, limit: number) {
  const theirs = alias(likes, 'theirs');
  return db
    .select({ ...tileColumns, seenAt: theirs.seenAt })
    .from(likes)
    .innerJoin(theirs, and(eq(theirs.likerId, likes.likedId), eq(theirs.likedId, likes.likerId)))
    .innerJoin(members, eq(members.id, likes.likedId))
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(
      and(
        eq(likes.likerId, member.id),
        visibleMemberConditions(member.siteId, member.id),
        sql`not exists (select 1 from conversation_members cm where cm.member_id = ${member.id} and cm.other_id = ${likes.likedId})`,
      ),
    )
    .orderBy(desc(sql`greatest(${likes.createdAt}, ${theirs.createdAt})`))
    .limit(limit);
}
