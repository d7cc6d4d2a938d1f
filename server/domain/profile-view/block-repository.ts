import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blocks, conversationMembers, conversations, likes, messages } from '../../db/schema';
import { eraseConversationEvents, eraseLikeEventsBetween, retireConversationPhotos } from '../chat/conversation-erasure-repository';
import { appendEvents, type NumberedEvent } from '../member-events/member-events-repository';

/**
 * Blocks `blockedId` for `blockerId` and, in the same transaction, removes what tied the
 * two together (spec section 4: "Blocking deletes chats and likes"): the likes both ways
 * and their conversation with all its messages. Blocking twice changes nothing.
 * What could replay them goes too: both members' stored live events of the conversation and
 * the like events between the two, and the chat photos used only there (marked deleted;
 * their storage keys are returned for the caller to remove after commit, and the events
 * stored for the caller to publish).
 */
export async function blockMember(db: Db, blockerId: number, blockedId: number): Promise<{ photoKeys: string[]; events: (NumberedEvent & { memberId: number })[] }> {
  const low = Math.min(blockerId, blockedId);
  const high = Math.max(blockerId, blockedId);
  let events: (NumberedEvent & { memberId: number })[] = [];
  const photoKeys: string[] = [];
  await db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
    await tx
      .delete(likes)
      .where(or(and(eq(likes.likerId, blockerId), eq(likes.likedId, blockedId)), and(eq(likes.likerId, blockedId), eq(likes.likedId, blockerId))));
    await eraseLikeEventsBetween(tx, blockerId, blockedId);
    const pair = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.memberLowId, low), eq(conversations.memberHighId, high)));
    for (const { id } of pair) {
      // The conversation, then its sides, locked as sends take them: their unread counts
      // leave the members' kept totals with them (decision 0011).
      await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, id)).for('no key update');
      const sides = await tx
        .select({ memberId: conversationMembers.memberId, unread: conversationMembers.unread })
        .from(conversationMembers)
        .where(eq(conversationMembers.conversationId, id))
        .orderBy(conversationMembers.memberId)
        .for('no key update');
      photoKeys.push(...(await retireConversationPhotos(tx, [id])));
      await eraseConversationEvents(tx, [id], [blockerId, blockedId]);
      // The foreign key cascades too; deleting explicitly keeps this independent of it.
      await tx.delete(messages).where(eq(messages.conversationId, id));
      await tx.delete(conversations).where(eq(conversations.id, id));
      // Both members' open chat screens drop the conversation at once (appendEvents fills in the totals).
      events = await appendEvents(
        tx,
        [
          { memberId: blockerId, event: { kind: 'chat_deleted', conversation: id, total_unread_messages: 0 } },
          { memberId: blockedId, event: { kind: 'chat_deleted', conversation: id, total_unread_messages: 0 } },
        ],
        new Map(sides.map((side) => [side.memberId, -side.unread])),
      );
    }
  });
  return { photoKeys, events };
}

/** Lifts the viewer's own block; a block the other member made stays. */
export async function unblockMember(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}
