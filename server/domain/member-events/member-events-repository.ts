import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { EVENT_RETENTION_HOURS, type LiveEvent } from '../../../common/chat/chat-schema';
import type { Db, Tx } from '../../db/database';
import { eventStreams, memberEvents } from '../../db/schema';

/** An event stored for a member, numbered: what a tab that saw up to seq - 1 receives next. */
export interface NumberedEvent {
  seq: number;
  event: LiveEvent;
}

/**
 * Events for several members (a member may have several) in one statement: each stream is
 * advanced by its number of events, in member id order (so two writers cannot deadlock), and
 * the events stored with their numbers, in the order given per member. The stream rows stay
 * locked until commit, so a member's events commit in seq order and without gaps (a
 * rolled-back seq is handed out again). rv_chat_send (server/db/functions/chat-send.sql) does the same for sends.
 *
 * `unread`: how much the transaction changed each member's unread messages (decision 0011:
 * the total is kept in the stream row and moves only by such deltas, never by a sum written
 * back). Every event with a `total_unread_messages` gets the member's new total there; the
 * events returned are the ones stored.
 */
export async function appendEvents(
  tx: Tx,
  events: { memberId: number; event: LiveEvent }[],
  unread: ReadonlyMap<number, number> = new Map(),
): Promise<(NumberedEvent & { memberId: number })[]> {
  if (events.length === 0 && unread.size === 0) return [];
  const perMember = new Map<number, LiveEvent[]>();
  for (const id of unread.keys()) perMember.set(id, []);
  for (const e of events) {
    const list = perMember.get(e.memberId);
    if (list) list.push(e.event);
    else perMember.set(e.memberId, [e.event]);
  }
  const ids = [...perMember.keys()].sort((a, b) => a - b);
  const streams = sql.join(
    ids.map((id) => sql`(${id}::int, ${perMember.get(id)!.length}::bigint, ${unread.get(id) ?? 0}::int)`),
    sql`, `,
  );
  // Per member: the event's place (1..n) among the member's n events of this call.
  const payloads = ids.flatMap((id) => {
    const list = perMember.get(id)!;
    return list.map((event, i) => sql`(${id}::int, ${i + 1}::bigint, ${list.length}::bigint, ${JSON.stringify(event)}::jsonb)`);
  });
  const stored = payloads.length === 0 ? sql`select null::int as member_id, null::bigint as seq, null::jsonb as event where false` : sql`
    insert into member_events (member_id, seq, event)
    select v.member_id, s.seq - v.n + v.place,
      case when v.event ? 'total_unread_messages' then jsonb_set(v.event, '{total_unread_messages}', to_jsonb(s.unread)) else v.event end
    from (values ${sql.join(payloads, sql`, `)}) as v(member_id, place, n, event) join s on s.member_id = v.member_id
    returning member_id, seq, event`;
  const { rows } = await tx.execute<{ member_id: number; seq: string | number; event: LiveEvent }>(sql`
    with s as (
      insert into event_streams (member_id, seq, unread) values ${streams}
      on conflict (member_id) do update set seq = event_streams.seq + excluded.seq, unread = event_streams.unread + excluded.unread
      returning member_id, seq, unread
    )
    ${stored}`);
  return rows
    .map((r) => ({ memberId: r.member_id, seq: Number(r.seq), event: r.event }))
    .sort((a, b) => a.memberId - b.memberId || a.seq - b.seq);
}

/** The member's latest seq (0: no event yet). */
export async function currentSeq(db: Db, memberId: number): Promise<number> {
  const [row] = await db.select({ seq: eventStreams.seq }).from(eventStreams).where(eq(eventStreams.memberId, memberId));
  return row?.seq ?? 0;
}

/**
 * What a tab that saw events up to `after` missed, oldest first, at most `limit`.
 * `reset`: some of them are no longer kept (older than EVENT_RETENTION_HOURS, or `after`
 * is from the future): the tab reloads its state instead and continues from `seq`.
 */
export async function eventsAfter(db: Db, memberId: number, after: number, limit = 500): Promise<{ reset: false; events: NumberedEvent[] } | { reset: true; seq: number }> {
  const seq = await currentSeq(db, memberId);
  if (after > seq) return { reset: true, seq };
  if (after === seq) return { reset: false, events: [] };
  const rows = await db
    .select({ seq: memberEvents.seq, event: memberEvents.event })
    .from(memberEvents)
    .where(and(eq(memberEvents.memberId, memberId), gt(memberEvents.seq, after)))
    .orderBy(asc(memberEvents.seq))
    .limit(limit);
  // The first missed event must still be there; otherwise the purge took it.
  if (rows[0]?.seq !== after + 1) return { reset: true, seq };
  return { reset: false, events: await withoutGonePhotos(db, rows.map((r) => ({ seq: r.seq, event: r.event as LiveEvent }))) };
}

/**
 * A replayed photo message keeps its photo only while the message and the photo still
 * exist: a stored event outlives a deleted photo or chat by up to 72 hours, and presentEvent
 * would otherwise sign fresh URLs for it. One query per page, and only for pages with photos.
 */
async function withoutGonePhotos(db: Db, events: NumberedEvent[]): Promise<NumberedEvent[]> {
  const ids = events.flatMap(({ event }) => (event.kind === 'message' && event.message.photo ? [event.message.id] : []));
  if (ids.length === 0) return events;
  const { rows } = await db.execute<{ id: number }>(sql`
    select m.id from messages m join photos p on p.id = m.photo_id and p.status <> 'deleted'
    where m.id = any(${`{${ids.join(',')}}`}::int[])`);
  const live = new Set(rows.map((r) => r.id));
  return events.map((e) =>
    e.event.kind === 'message' && e.event.message.photo && !live.has(e.event.message.id) ? { ...e, event: { ...e.event, message: { ...e.event.message, photo: null } } } : e,
  );
}

/** The hourly purge: events older than the retention (tabs that far behind reload instead). */
export async function purgeOldEvents(db: Db, now = new Date()): Promise<void> {
  await db.delete(memberEvents).where(lt(memberEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_HOURS * 3600_000)));
}
