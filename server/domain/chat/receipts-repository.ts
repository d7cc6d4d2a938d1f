import { sql } from 'drizzle-orm';
import type { LiveEvent } from '../../../common/chat/chat-schema';
import type { Db } from '../../db/database';
import type { NumberedEvent } from '../member-events/member-events-repository';

/** An acknowledgement looks at this many events before it (acks come every 250 ms; a tab far behind gets read receipts instead). */
const ACK_WINDOW = 1000;

/**
 * Stores the delivery receipts that acknowledgements make (chat-service acknowledgeMany) in
 * one statement and returns them as the senders' events, in member and seq order.
 */
export async function storeReceipts(db: Db, acks: ReadonlyMap<number, { seq: number; after: number }>): Promise<(NumberedEvent & { memberId: number })[]> {
  const { rows } = await db.execute<{ member_id: number; seq: string | number; event: LiveEvent }>(receiptsStatement(acks));
  const events = rows.map((r) => ({ memberId: r.member_id, seq: Number(r.seq), event: r.event }));
  return events.sort((a, b) => a.memberId - b.memberId || a.seq - b.seq);
}

/** acknowledgeMany's statement: the receipts it stores, returned (member_id, seq, event). */
export function receiptsStatement(acks: ReadonlyMap<number, { seq: number; after: number }>) {
  const memberIds = [...acks.keys()];
  const seqs = memberIds.map((id) => acks.get(id)!.seq);
  const afters = memberIds.map((id) => acks.get(id)!.after);
  return sql`
    with acks as (
      select * from unnest(${`{${memberIds.join(',')}}`}::int[], ${`{${seqs.join(',')}}`}::bigint[], ${`{${afters.join(',')}}`}::bigint[]) as a(member_id, seq, after)
    ), received as (
      -- Each member's new events by the (member_id, seq) index: the LIMIT (no more than the
      -- window holds) keeps the subquery from being joined as a whole, which plans have done
      -- with a scan of the whole event log.
      select a.member_id, e.conversation_id, max(e.message_id) as up_to
      from acks a
      cross join lateral (
        select (x.event->'message'->>'conversation')::int as conversation_id, (x.event->'message'->>'id')::int as message_id
        from member_events x
        where x.member_id = a.member_id and x.seq <= a.seq and x.seq > greatest(a.after, a.seq - ${ACK_WINDOW})
          and x.event->>'kind' = 'message' and (x.event->'message'->>'mine')::boolean = false
        limit ${ACK_WINDOW}
      ) e
      group by 1, 2
    ), locked as (
      -- The sides in id order (as send batches take them), so that the two never deadlock.
      select cm.conversation_id, cm.member_id, r.up_to from conversation_members cm
      join received r on cm.conversation_id = r.conversation_id and cm.member_id = r.member_id
      where cm.delivered_up_to < r.up_to
      order by cm.conversation_id, cm.member_id
      for no key update of cm
    ), receipts as (
      update conversation_members cm set delivered_up_to = l.up_to
      from locked l
      where cm.conversation_id = l.conversation_id and cm.member_id = l.member_id and cm.delivered_up_to < l.up_to
      returning cm.other_id as member_id, jsonb_build_object('kind', 'delivered', 'conversation', cm.conversation_id, 'up_to', cm.delivered_up_to) as event, cm.conversation_id
    ), per_member as (
      -- Per member: their receipts in conversation order (as appendEvents numbers them).
      select member_id, jsonb_agg(event order by conversation_id) as events from receipts group by member_id
    ), streams as (
      -- The senders' streams in member id order, as every writer takes them.
      insert into event_streams (member_id, seq)
      select member_id, jsonb_array_length(events) from per_member order by member_id
      on conflict (member_id) do update set seq = event_streams.seq + excluded.seq
      returning member_id, seq
    ), by_member as (
      -- All receipts keyed by member, so that each stream finds its own by key: joined to the
      -- streams instead, the planner (which expects one row of each) compared every pair.
      select jsonb_object_agg(member_id::text, events) as events from per_member
    )
    insert into member_events (member_id, seq, event)
    select s.member_id, s.seq - jsonb_array_length(b.events -> s.member_id::text) + e.place, e.event
    from streams s
    cross join by_member b
    cross join lateral jsonb_array_elements(b.events -> s.member_id::text) with ordinality as e(event, place)
    returning member_id, seq, event`;
}
