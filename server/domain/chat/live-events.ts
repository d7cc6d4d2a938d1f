import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import { EVENT_RETENTION_HOURS, type LiveEvent } from '../../../common/chat/chat-schema';
import type { Db, Tx } from '../../db/database';
import { eventStreams, memberEvents } from '../../db/schema';
import type { LiveBus } from '../../realtime/live-bus';
import type { PhotoUrls } from '../photos/photo-urls';

/** An event stored for a member, numbered: what a tab that saw up to seq - 1 receives next. */
export interface NumberedEvent {
  seq: number;
  event: LiveEvent;
}

/**
 * Appends an event to a member's stream inside the caller's transaction and returns its
 * seq. The stream row stays locked until commit, so a member's events commit in seq order
 * and without gaps (a rolled-back seq is handed out again). Writers that append for two
 * members lock the lower member id first (appendEvents) so that they cannot deadlock.
 */
export async function appendEvent(tx: Tx, memberId: number, event: LiveEvent): Promise<number> {
  const [row] = await tx
    .insert(eventStreams)
    .values({ memberId, seq: 1 })
    .onConflictDoUpdate({ target: eventStreams.memberId, set: { seq: sql`${eventStreams.seq} + 1` } })
    .returning({ seq: eventStreams.seq });
  const seq = row!.seq;
  await tx.insert(memberEvents).values({ memberId, seq, event });
  return seq;
}

/**
 * Several members' events in one statement: the streams are incremented in member id order
 * (so two writers cannot deadlock) and the events stored with their numbers.
 */
export async function appendEvents(tx: Tx, events: { memberId: number; event: LiveEvent }[]): Promise<(NumberedEvent & { memberId: number })[]> {
  if (events.length === 0) return [];
  const ordered = [...events].sort((a, b) => a.memberId - b.memberId);
  if (new Set(ordered.map((e) => e.memberId)).size !== ordered.length) {
    // The same member twice: one at a time (a statement cannot increment one row twice).
    const out: (NumberedEvent & { memberId: number })[] = [];
    for (const e of ordered) out.push({ memberId: e.memberId, event: e.event, seq: await appendEvent(tx, e.memberId, e.event) });
    return out;
  }
  const streams = sql.join(
    ordered.map((e) => sql`(${e.memberId}::int, 1::bigint)`),
    sql`, `,
  );
  const payloads = sql.join(
    ordered.map((e) => sql`(${e.memberId}::int, ${JSON.stringify(e.event)}::jsonb)`),
    sql`, `,
  );
  const { rows } = await tx.execute<{ member_id: number; seq: string | number }>(sql`
    with s as (
      insert into event_streams (member_id, seq) values ${streams}
      on conflict (member_id) do update set seq = event_streams.seq + 1
      returning member_id, seq
    )
    insert into member_events (member_id, seq, event)
    select s.member_id, s.seq, v.event from s join (values ${payloads}) as v(member_id, event) on v.member_id = s.member_id
    returning member_id, seq`);
  const seqOf = new Map(rows.map((r) => [r.member_id, Number(r.seq)]));
  return ordered.map((e) => ({ memberId: e.memberId, event: e.event, seq: seqOf.get(e.memberId)! }));
}

/** Publishes committed events to the member's live connections (any process). */
export function publishEvents(bus: LiveBus, events: readonly (NumberedEvent & { memberId: number })[]): void {
  for (const e of events) bus.publish(e.memberId, { type: 'event', seq: e.seq, event: e.event });
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
  return { reset: false, events: rows.map((r) => ({ seq: r.seq, event: r.event as LiveEvent })) };
}

/** The hourly purge: events older than the retention (tabs that far behind reload instead). */
export async function purgeOldEvents(db: Db, now = new Date()): Promise<void> {
  await db.delete(memberEvents).where(lt(memberEvents.createdAt, new Date(now.getTime() - EVENT_RETENTION_HOURS * 3600_000)));
}

/**
 * Events are stored with storage keys where the browser needs URLs (photo messages, the
 * tile's thumb): signed URLs expire within hours, events are kept for days. This signs
 * them for the moment of sending (replay and live alike).
 */
export function presentEvent(urls: PhotoUrls, stored: LiveEvent): LiveEvent {
  const sign = (key: string) => (key.startsWith('/') ? key : urls.file(key));
  const tile = <T extends { photo: { thumb: string; width: number; height: number } | null }>(p: T): T => (p.photo ? { ...p, photo: { ...p.photo, thumb: sign(p.photo.thumb) } } : p);
  switch (stored.kind) {
    case 'message': {
      const m = stored.message;
      return { ...stored, profile: tile(stored.profile), message: m.photo ? { ...m, photo: { ...m.photo, url: sign(m.photo.url), thumb: sign(m.photo.thumb) } } : m };
    }
    case 'like':
      return { ...stored, profile: tile(stored.profile) };
    default:
      return stored;
  }
}
