import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seedChatPairs } from '../../test-support/chat-pairs';
import { openTestDatabase } from '../../test-support/test-database';
import { unreadTotalsOff } from '../../test-support/unread-totals';
import type { SendItem } from './chat-send-repository';

// rv_chat_send_many (server/db/functions/chat-send-batch.sql) writes a batch whose sends cannot see each other's
// writes in their checks in a few set statements. Its answers and everything it stores must
// be what rv_chat_send, send after send, answers and stores: these tests run the same batch
// both ways on the same data (each in a transaction rolled back) and compare.

let database: Database;
let siteId: number;
/** Member k of the seeded pairs (pair k >> 1). */
let m: (k: number) => number;
let chatPhoto: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const seeded = await seedChatPairs(database, 7, 'batch');
  siteId = seeded.siteId;
  m = (k) => seeded.firstId + k;
  const q = (text: string, values: unknown[] = []) => database.pool.query(text, values);
  // Members 1 and 2 also talk to each other: member 1 has two conversations.
  const { rows } = await q(`insert into conversations (site_id, member_low_id, member_high_id, started_by) values ($1, $2, $3, $2) returning id`, [siteId, m(1), m(2)]);
  const cross = rows[0]!.id as number;
  await q(`insert into conversation_members (conversation_id, member_id, other_id) values ($1, $2, $3), ($1, $3, $2)`, [cross, m(1), m(2)]);
  // Unread messages before the batch: the counts and totals go on from them.
  await q(`update conversation_members set unread = 2 where member_id = $1`, [m(1)]);
  await q(`update conversation_members set unread = 1 where member_id = $1`, [m(0)]);
  await q(`insert into event_streams (member_id, seq, unread) values ($1, 7, 1), ($2, 3, 4)`, [m(0), m(1)]);
  // Premium members 0-3 with credits; 4 and 5 free; 6 short of a message's price.
  await q(`update members set paid_user = true where id between $1 and $2`, [m(0), m(3)]);
  await q(`insert into credit_entries (member_id, amount, kind) select id, 100, 'adjustment' from members where id between $1 and $2`, [m(0), m(3)]);
  await q(`insert into credit_entries (member_id, amount, kind) values ($1, 5, 'adjustment')`, [m(6)]);
  const photo = await q(
    `insert into photos (member_id, filename, thumb_filename, width, height, status, kind) values ($1, 'chat/a.jpg', 'chat/a-thumb.jpg', 640, 480, 'active', 'chat') returning id`,
    [m(3)],
  );
  chatPhoto = photo.rows[0]!.id as number;
  await q(`insert into photos (member_id, filename, thumb_filename, width, height, status, kind) values ($1, 'p/main.jpg', 'p/main-thumb.jpg', 300, 400, 'active', 'profile')`, [m(2)]);
  await q(`update members set main_photo_id = (select id from photos where member_id = $1 and kind = 'profile') where id = $1`, [m(2)]);
  // Member 7 sent 'stored-1' already; 9 blocked 8; 11 has not confirmed; 13 is disabled.
  const c67 = await q(`select id from conversations where member_low_id = $1`, [m(6)]);
  await q(`insert into messages (conversation_id, sender_id, kind, body, client_id, credits) values ($1, $2, 'text', 'Hi', 'stored-1', 0)`, [c67.rows[0]!.id, m(7)]);
  await q(`insert into blocks (blocker_id, blocked_id) values ($1, $2)`, [m(9), m(8)]);
  await q(`update members set email_confirmed_at = null where id = $1`, [m(11)]);
  await q(`update members set status = 'disabled' where id = $1`, [m(13)]);
  expect(await unreadTotalsOff(database)).toEqual([]);
}, 120_000);
afterAll(async () => database?.close());

const send = (sender: number, profile: number, clientId: string, extra: Partial<SendItem> = {}): SendItem => ({
  session_hash: null,
  sender: m(sender),
  site: siteId,
  profile: m(profile),
  client_id: clientId,
  kind: 'text',
  body: `from ${sender}`,
  photo_id: null,
  gift: null,
  cost: 10,
  free_messages: 3,
  free_conversations: 2,
  ...extra,
});

interface Outcome {
  answers: unknown[];
  state: unknown;
  /** Calls of rv_chat_send the batch made. */
  oneByOne: number;
}

/** The batch run one way inside a transaction that is rolled back, what it answered and left. */
async function run(items: SendItem[], how: 'batch' | 'one by one'): Promise<Outcome> {
  const client = await database.pool.connect();
  try {
    await client.query('begin');
    await client.query(`set local track_functions = 'pl'`);
    const calls = () => client.query<{ calls: string }>(`select coalesce(sum(calls), 0) as calls from pg_stat_xact_user_functions where funcname = 'rv_chat_send'`);
    // Counts not yet reported wait there from earlier transactions too: the difference counts.
    const callsBefore = Number((await calls()).rows[0]!.calls);
    const { rows: top } = await client.query<{ id: number | null }>('select max(id) as id from messages');
    const lastBefore = top[0]!.id ?? 0;
    let answers: unknown[];
    if (how === 'batch') {
      answers = (await client.query<{ r: unknown[] }>('select rv_chat_send_many($1::jsonb) as r', [JSON.stringify(items)])).rows[0]!.r;
    } else {
      answers = [];
      for (const i of items) {
        const { rows } = await client.query<{ r: unknown }>('select rv_chat_send($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) as r', [
          i.session_hash, i.sender, i.site, i.profile, i.client_id, i.kind, i.body, i.photo_id, i.gift, i.cost, i.free_messages, i.free_conversations,
        ]);
        answers.push(rows[0]!.r);
      }
    }
    const callsAfter = Number((await calls()).rows[0]!.calls);
    const state = await stateOf(client, lastBefore);
    return { answers: normalize(answers, state.messageIds) as unknown[], state: normalize(state.rows, state.messageIds), oneByOne: callsAfter - callsBefore };
  } finally {
    await client.query('rollback');
    client.release();
  }
}

/** Everything a send writes, for the seeded members (message ids as read, normalized later). */
async function stateOf(client: pg.PoolClient, lastBefore: number) {
  const members = [m(0), m(13)];
  const read = async (text: string) => (await client.query(text, members)).rows;
  const messages = await read(
    `select id, conversation_id, sender_id, kind, body, client_id, photo_id, gift, credits from messages
     where sender_id between $1 and $2 order by id`,
  );
  const messageIds = new Map<number, string>(
    messages.filter((r) => (r.id as number) > lastBefore).map((r, i) => [r.id as number, `new message ${i + 1}`]),
  );
  return {
    messageIds,
    rows: {
      messages,
      conversations: await read(`select id, last_message_id from conversations where member_low_id between $1 and $2 order by id`),
      sides: await read(`select conversation_id, member_id, unread from conversation_members where member_id between $1 and $2 order by 1, 2`),
      streams: await read(`select member_id, seq::int, unread from event_streams where member_id between $1 and $2 order by 1`),
      events: await read(`select member_id, seq::int, event from member_events where member_id between $1 and $2 order by 1, 2`),
      members: await read(`select id, credit_balance, free_messages_used from members where id between $1 and $2 order by id`),
      ledger: await read(`select member_id, amount, kind, idempotency_key from credit_entries where member_id between $1 and $2 order by member_id, idempotency_key`),
    },
  };
}

/**
 * The two runs' message ids differ (a sequence is not rolled back) and so do their times:
 * new messages are named by their order, times dropped.
 */
function normalize(value: unknown, ids: Map<number, string>): unknown {
  const walk = (v: unknown, key?: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => {
          if (k === 'created_at') return [k, 'time'];
          // A message's own id (events), a row's message id (messages, last message), a ledger key.
          if ((k === 'id' && (key === 'message' || 'sender_id' in v)) || k === 'last_message_id') return [k, ids.get(x as number) ?? x];
          if (k === 'idempotency_key' && typeof x === 'string') return [k, x.replace(/^message:(\d+)$/, (_, id: string) => `message:${ids.get(Number(id)) ?? id}`)];
          return [k, walk(x, k)];
        }),
      );
    }
    return v;
  };
  return walk(value);
}

describe('a batch of sends in set statements (rv_chat_send_many)', () => {
  it('answers and stores what sending one by one does: replies, unread counts, refusals', async () => {
    const items = [
      send(0, 1, 'b-1'),
      // The reply in the same batch: member 0's unread count and total include it.
      send(1, 0, 'b-2'),
      // Member 1 hears from a second conversation: its total counts both.
      send(2, 1, 'b-3', { kind: 'gift', body: '', gift: 'rose', cost: 30 }),
      send(3, 2, 'b-4', { kind: 'photo', body: '', photo_id: chatPhoto, cost: 20 }),
      // A free member's free message: nothing charged, counted.
      send(4, 5, 'b-5'),
      send(5, 4, 'b-6', { kind: 'photo', body: '', photo_id: chatPhoto, cost: 20 }),
      send(6, 7, 'b-7', { free_messages: 0 }),
      send(7, 6, 'stored-1'),
      send(8, 9, 'b-9'),
      send(10, 11, 'b-10'),
      send(9, 8, 'b-11', { session_hash: 'not a live session' }),
      send(12, 13, 'b-12'),
    ];
    const batch = await run(items, 'batch');
    const oneByOne = await run(items, 'one by one');
    expect(batch.oneByOne).toBe(0);
    expect(oneByOne.oneByOne).toBe(items.length);
    expect(batch.answers).toEqual(oneByOne.answers);
    expect(batch.state).toEqual(oneByOne.state);
    // What the comparison stands on: every outcome is in the batch.
    const outcomes = (batch.answers as { error?: string; repeated?: number; events?: unknown[] }[]).map((a) =>
      a.error ?? (a.repeated !== undefined ? 'repeated' : `${a.events?.length} events`),
    );
    expect(outcomes).toEqual([
      '2 events', '2 events', '2 events', '2 events', '2 events',
      'photoNotFound', 'notEnoughCredits', 'repeated', 'blocked', 'unconfirmedOther', 'authRequired', 'memberNotFound',
    ]);
    const events = (batch.state as { events: { member_id: number; seq: number; event: { total_unread_messages: number } }[] }).events;
    expect(events.filter((e) => e.member_id === m(0)).map((e) => e.seq)).toEqual([8, 9]);
    expect(events.filter((e) => e.member_id === m(1)).map((e) => [e.seq, e.event.total_unread_messages])).toEqual([[4, 5], [5, 5], [6, 6]]);
  });

  it('goes send by send when a send could see another one’s writes', async () => {
    // A sender twice (credits, client ids), and a pair without its conversation yet.
    for (const items of [[send(0, 1, 'c-1'), send(0, 1, 'c-2')], [send(0, 1, 'd-1'), send(0, 3, 'd-2')]]) {
      const batch = await run(items, 'batch');
      expect(batch.oneByOne).toBe(items.length);
      expect((batch.answers as { events?: unknown[] }[]).map((a) => a.events?.length)).toEqual([2, 2]);
    }
  });
});
