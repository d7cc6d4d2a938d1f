import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seedChatPairs } from '../../test-support/chat-pairs';
import { openTestDatabase } from '../../test-support/test-database';
import type { SendItem } from './chat-send-repository';

// Pairs of members, each pair with its conversation: the table is large next to what a batch
// of sends needs from it. Not analyzed, as in the minutes after a deploy: the plans of the
// send functions are generic, made once per connection, and must read by key anyway.
const PAIRS = 1000;
/** Ledger entries of each sender before the test's sends. */
const LEDGER = 300;
/** The pairs whose lower member sends in the tests below (it.each counts). */
const pairsSending = (count: number) => Array.from({ length: count }, (_, i) => i * 97 + count);
const SENT_PAIRS = [...pairsSending(1), ...pairsSending(3)];

let database: Database;
let siteId: number;
let firstId: number;
let hubId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ siteId, firstId } = await seedChatPairs(database, PAIRS, 'sends'));
  await database.pool.query(`insert into credit_entries (member_id, amount, kind) select id, 1000, 'adjustment' from members where id >= $1`, [firstId]);
  // The senders below have chatted a lot: a long ledger (one entry per paid message).
  await database.pool.query(
    `insert into credit_entries (member_id, amount, kind) select m, -1, 'message' from unnest($1::int[]) m, generate_series(1, $2)`,
    [SENT_PAIRS.map((pair) => firstId + pair * 2), LEDGER],
  );
  // A much-written-to member (a fictional profile, say): a conversation with each pair's
  // lower member, one unread message in each, counted in the hub's kept total.
  const { rows: hubRows } = await database.pool.query<{ id: number }>(
    `insert into members (site_id, email, status, email_confirmed_at, name, gender, birth_date, country)
     values ($1, 'hub@example.test', 'active', now(), 'Hub', 'female', date '1990-01-01', 'NL') returning id`,
    [siteId],
  );
  hubId = hubRows[0]!.id;
  await database.pool.query(
    `insert into conversations (site_id, member_low_id, member_high_id, started_by)
     select $1, m, $2, m from generate_series($3::int, $3::int + $4::int * 2 - 2, 2) m`,
    [siteId, hubId, firstId, PAIRS],
  );
  await database.pool.query(
    `insert into conversation_members (conversation_id, member_id, other_id, unread)
     select c.id, c.member_high_id, c.member_low_id, 1 from conversations c where c.member_high_id = $1
     union all select c.id, c.member_low_id, c.member_high_id, 0 from conversations c where c.member_high_id = $1`,
    [hubId],
  );
  await database.pool.query(`insert into event_streams (member_id, seq, unread) values ($1, 0, $2)`, [hubId, PAIRS]);
  await database.pool.query(`insert into credit_entries (member_id, amount, kind) values ($1, 1000, 'adjustment')`, [hubId]);
}, 120_000);
afterAll(async () => database?.close());

const send = (pair: number, clientId: string): SendItem => ({
  session_hash: null,
  sender: firstId + pair * 2,
  site: siteId,
  profile: firstId + pair * 2 + 1,
  client_id: clientId,
  kind: 'text',
  body: 'Hello',
  photo_id: null,
  gift: null,
  cost: 10,
  free_messages: 0,
  free_conversations: 2,
});

interface Reads {
  scans: number;
  scanned: number;
  fetched: number;
}

/**
 * Rows this connection has read from each table, by scan and through an index, and not yet
 * reported (pg_stat_xact_user_tables: the counts of earlier transactions wait there too, so
 * what a statement read is the difference of two readings).
 */
async function reads(client: pg.PoolClient): Promise<Map<string, Reads>> {
  const { rows } = await client.query<{ relname: string; seq_scan: string; seq_tup_read: string; idx_tup_fetch: string }>(
    'select relname, seq_scan, seq_tup_read, idx_tup_fetch from pg_stat_xact_user_tables',
  );
  return new Map(rows.map((r) => [r.relname, { scans: Number(r.seq_scan), scanned: Number(r.seq_tup_read), fetched: Number(r.idx_tup_fetch) }]));
}

function readsOf(before: Map<string, Reads>, after: Map<string, Reads>, table: string): Reads {
  const a = after.get(table) ?? { scans: 0, scanned: 0, fetched: 0 };
  const b = before.get(table) ?? { scans: 0, scanned: 0, fetched: 0 };
  return { scans: a.scans - b.scans, scanned: a.scanned - b.scanned, fetched: a.fetched - b.fetched };
}

describe('a batch of sends (rv_chat_send_many)', () => {
  it.each([1, 3])('reads the rows it needs by key, not tables or histories (%i sends)', async (count) => {
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      const items = pairsSending(count).map((pair, i) => send(pair, `reads-${count}-${i}`));
      const before = await reads(client);
      const { rows } = await client.query<{ r: { events?: unknown[] }[] }>('select rv_chat_send_many($1::jsonb) as r', [JSON.stringify(items)]);
      expect(rows[0]!.r.map((a) => a.events?.length)).toEqual(items.map(() => 2));
      const after = await reads(client);
      const conversations = readsOf(before, after, 'conversations');
      expect(conversations.scans).toBe(0);
      // Per send: found by its pair, locked, its last message set, the message's foreign key,
      // and in a batch of several, found by its pair and locked first: 5 or 7 rows a send
      // (reading the table would be 1,000).
      expect(conversations.fetched).toBeGreaterThanOrEqual(count * 4);
      expect(conversations.fetched).toBeLessThanOrEqual(count * 8);
      const sides = readsOf(before, after, 'conversation_members');
      expect(sides.scans).toBe(0);
      expect(sides.fetched).toBeLessThanOrEqual(count * 12);
      // The balance is in the sender's row: none of the senders' 300 ledger entries is read.
      const ledger = readsOf(before, after, 'credit_entries');
      expect(ledger.scans).toBe(0);
      expect(ledger.fetched).toBe(0);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it.each([1, 3])('reads a bounded number of sides when a member in the sends has 1,000 chats (%i sends each way)', async (count) => {
    const client = await database.pool.connect();
    try {
      await client.query('begin');
      // Members write to the hub and the hub answers others: its total is in every event.
      const lows = pairsSending(count).map((pair) => firstId + pair * 2);
      const toHub = lows.map((low, i): SendItem => ({ ...send(0, `hub-in-${count}-${i}`), sender: low, profile: hubId }));
      const fromHub = lows.map((low, i): SendItem => ({ ...send(0, `hub-out-${count}-${i}`), sender: hubId, profile: low + 2 }));
      const before = await reads(client);
      for (const items of [toHub, ...fromHub.map((item) => [item])]) {
        const { rows } = await client.query<{ r: { events?: { memberId: number; event: { total_unread_messages: number } }[] }[] }>('select rv_chat_send_many($1::jsonb) as r', [JSON.stringify(items)]);
        expect(rows[0]!.r.map((a) => a.events?.length)).toEqual(items.map(() => 2));
      }
      const after = await reads(client);
      const sides = readsOf(before, after, 'conversation_members');
      expect(sides.scans).toBe(0);
      // Summing the hub's sides would read 1,000 per send.
      expect(sides.fetched).toBeLessThanOrEqual(count * 2 * 12);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
