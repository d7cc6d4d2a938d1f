import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { intArray } from '../../db/pg-array';

/**
 * Deletes the stored live events of these conversations (messages, receipts, earlier
 * deletions) of these members. The events keep message texts and photo keys for 72 hours
 * for resuming tabs: without this, a member whose chat was deleted or who was blocked could
 * replay the whole conversation with `hello` after 0. Call it before appending the
 * `chat_deleted` events that tell open tabs, or it takes those too. A tab that resumes
 * from inside the removed range is told to reload (eventsAfter finds its next seq gone).
 */
export async function eraseConversationEvents(tx: Tx, conversationIds: readonly number[], memberIds: readonly number[]): Promise<void> {
  if (conversationIds.length === 0 || memberIds.length === 0) return;
  await tx.execute(sql`
    delete from member_events
    where member_id = any(${intArray(memberIds)}::int[])
      and coalesce(event->>'conversation', event->'message'->>'conversation')::int = any(${intArray(conversationIds)}::int[])`);
}

/** Deletes the stored `like` events between two members, both ways (a block leaves no trace of who liked whom to replay). */
export async function eraseLikeEventsBetween(tx: Tx, a: number, b: number): Promise<void> {
  await tx.execute(sql`
    delete from member_events
    where event->>'kind' = 'like'
      and ((member_id = ${a} and (event->'profile'->>'id')::int = ${b}) or (member_id = ${b} and (event->'profile'->>'id')::int = ${a}))`);
}

/**
 * Marks deleted the chat photos of these conversations' messages that no message of another
 * conversation uses (a photo may be sent more than once), and returns their storage keys:
 * the caller removes the files after commit. Call it before the messages go.
 */
export async function retireConversationPhotos(tx: Tx, conversationIds: readonly number[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const ids = intArray(conversationIds);
  const { rows } = await tx.execute<{ filename: string; thumb_filename: string }>(sql`
    update photos p set status = 'deleted'
    where p.kind = 'chat' and p.status <> 'deleted'
      and p.id in (select m.photo_id from messages m where m.conversation_id = any(${ids}::int[]) and m.photo_id is not null)
      and not exists (select 1 from messages o where o.photo_id = p.id and o.conversation_id <> all(${ids}::int[]))
    returning p.filename, p.thumb_filename`);
  return rows.flatMap((r) => [r.filename, r.thumb_filename]);
}

/**
 * After a chat deletion: marks deleted the chat photos that no member can see any more, those
 * of messages both members cleared (each deleted the chat after them) and used by no other
 * message still shown, and returns their storage keys for removal after commit.
 */
export async function retireClearedPhotos(tx: Tx, conversationIds: readonly number[]): Promise<string[]> {
  if (conversationIds.length === 0) return [];
  const ids = intArray(conversationIds);
  // A message stays visible while one side has not cleared it: below both sides' cleared_up_to.
  const { rows } = await tx.execute<{ filename: string; thumb_filename: string }>(sql`
    with floors as (
      select conversation_id, min(cleared_up_to) as floor from conversation_members
      where conversation_id = any(${ids}::int[]) group by conversation_id
    )
    update photos p set status = 'deleted'
    where p.kind = 'chat' and p.status <> 'deleted'
      and p.id in (select m.photo_id from messages m join floors f on f.conversation_id = m.conversation_id where m.photo_id is not null and m.id <= f.floor)
      and not exists (
        select 1 from messages o left join floors f on f.conversation_id = o.conversation_id
        where o.photo_id = p.id and (f.floor is null or o.id > f.floor))
    returning p.filename, p.thumb_filename`);
  return rows.flatMap((r) => [r.filename, r.thumb_filename]);
}
