import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { seedChatPairs } from '../../test-support/chat-pairs';
import { openTestDatabase } from '../../test-support/test-database';
import { receiptsStatement } from './receipts-repository';

// Members chatting in pairs, each with this many events in their log (a message received,
// its echo sent, a receipt, ...): the log is large next to what one acknowledgement reads.
const MEMBERS = 1000;
const EVENTS_PER_MEMBER = 40;

let database: Database;
let firstId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  ({ firstId } = await seedChatPairs(database, MEMBERS / 2, 'receipts'));
  await database.pool.query(`insert into event_streams (member_id, seq) select id, $1 from members where id >= $2`, [EVENTS_PER_MEMBER, firstId]);
  await database.pool.query(
    `insert into member_events (member_id, seq, event)
     select cm.member_id, s,
       case s % 3
         when 0 then jsonb_build_object('kind', 'message', 'message', jsonb_build_object('id', cm.conversation_id * 100 + s, 'conversation', cm.conversation_id, 'mine', false))
         when 1 then jsonb_build_object('kind', 'message', 'message', jsonb_build_object('id', cm.conversation_id * 100 + s, 'conversation', cm.conversation_id, 'mine', true))
         else jsonb_build_object('kind', 'delivered', 'conversation', cm.conversation_id, 'up_to', cm.conversation_id * 100 + s)
       end
     from conversation_members cm, generate_series(1, $1) s`,
    [EVENTS_PER_MEMBER],
  );
  await database.pool.query('analyze');
}, 120_000);
afterAll(async () => database?.close());

describe('delivery receipts (acknowledgeMany)', () => {
  it.each([1, 60, 250])('read each acknowledging member’s new events by index, never the whole log (%i members)', async (count) => {
    // The devices of `count` members received their last few events.
    const acks = new Map(Array.from({ length: count }, (_, i) => [firstId + ((i * 7) % MEMBERS), { seq: EVENTS_PER_MEMBER, after: EVENTS_PER_MEMBER - 4 }]));
    const { rows } = await database.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${receiptsStatement(acks)}`);
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(plan).toContain('member_events_member_id_seq_pk on member_events');
    expect(plan).not.toMatch(/Seq Scan on member_events/);
  });
});
