import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { addCreditEntry } from '../credits/credits-repository';
import type { SendItem } from './chat-send-repository';
import { SendBatcher } from './send-batcher';

const t = testAppForFile();

/** A text send of 10 credits from one member to another, its body its client id. */
const sendItem = (from: { id: number; siteId: number }, to: { id: number }, clientId: string): SendItem => ({
  session_hash: null,
  sender: from.id,
  site: from.siteId,
  profile: to.id,
  client_id: clientId,
  kind: 'text',
  body: clientId,
  photo_id: null,
  gift: null,
  cost: 10,
  free_messages: 0,
  free_conversations: 2,
});

/** The test database's pool, whose first call waits at a gate (as if the database were slow); each call's client ids are recorded. */
function gatedPool() {
  const calls: string[][] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const query = t.database.pool.query.bind(t.database.pool);
  const pool = new Proxy(t.database.pool, {
    get: (target, key) =>
      key === 'query'
        ? async (config: { values: [string] }) => {
            calls.push((JSON.parse(config.values[0]) as SendItem[]).map((i) => i.client_id));
            if (calls.length === 1) await gate;
            return query(config as never);
          }
        : Reflect.get(target, key),
  });
  return { pool, calls, release };
}

describe('SendBatcher', () => {
  it('sends what arrives together in one call, in order, and one broken send fails alone', async () => {
    const db = t.database.db;
    const [a, b] = [await createMember(db, { emailConfirmedAt: new Date() }), await createMember(db, { emailConfirmedAt: new Date() })];
    await addCreditEntry(db, { memberId: a.id, amount: 100, kind: 'adjustment' });
    const item = (clientId: string, body: string): SendItem => ({
      session_hash: null,
      sender: a.id,
      site: a.siteId,
      profile: b.id,
      client_id: clientId,
      kind: 'text',
      body,
      photo_id: null,
      gift: null,
      cost: 10,
      free_messages: 0,
      free_conversations: 2,
    });
    const calls: number[] = [];
    const query = t.database.pool.query.bind(t.database.pool);
    // Counts the database calls the batcher makes.
    const counting = new Proxy(t.database.pool, {
      get: (target, key) => (key === 'query' ? (config: { values: [string] }) => (calls.push((JSON.parse(config.values[0]) as unknown[]).length), query(config as never)) : Reflect.get(target, key)),
    });
    const counted = new SendBatcher(counting, t.database.kind === 'server');

    // Same turn of the event loop: one call, answers in order; the repeated client id is the same message.
    const answers = (await Promise.all([counted.send(item('one', 'first')), counted.send(item('two', 'second')), counted.send(item('one', 'first again'))])) as { events?: unknown[]; repeated?: number }[];
    expect(calls).toEqual([3]);
    expect(answers[0]!.events).toHaveLength(2);
    expect(answers[1]!.events).toHaveLength(2);
    const stored = await db.select({ id: messages.id, body: messages.body }).from(messages).where(eq(messages.senderId, a.id)).orderBy(messages.id);
    expect(stored.map((m) => m.body)).toEqual(['first', 'second']);
    expect(answers[2]!.repeated).toBe(stored[0]!.id);

    // A send the database cannot take fails the batch; the others are then sent alone and succeed.
    calls.length = 0;
    const broken = { ...item('three', 'third'), cost: 'not a number' } as unknown as SendItem;
    const results = await Promise.allSettled([counted.send(item('four', 'fourth')), counted.send(broken), counted.send(item('five', 'fifth'))]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : r.status))).toEqual(['fulfilled', 'error: invalid input syntax for type integer: "not a number"', 'fulfilled']);
    // The batch of three, then each alone.
    expect(calls).toEqual([3, 1, 1, 1]);
    const after = await db.select({ body: messages.body }).from(messages).where(eq(messages.senderId, a.id)).orderBy(messages.id);
    expect(after.map((m) => m.body)).toEqual(['first', 'second', 'fourth', 'fifth']);
  });

  it('with one batch in flight, sends that come meanwhile wait and go together in the next', async () => {
    const db = t.database.db;
    const [a, b, c, e] = await Promise.all([1, 2, 3, 4].map(() => createMember(db, { emailConfirmedAt: new Date() })));
    for (const m of [a!, b!, c!]) await addCreditEntry(db, { memberId: m.id, amount: 100, kind: 'adjustment' });
    const send = (from: typeof a, to: typeof a, clientId: string) => sendItem(from!, to!, clientId);
    const { pool: gated, calls, release } = gatedPool();
    const batcher = new SendBatcher(gated, t.database.kind === 'server');

    const first = batcher.send(send(a, b, 'one-a-b'));
    await expect.poll(() => calls.length).toBe(1);
    // Members with nothing in the database wait too: one batch at a time.
    const later = [batcher.send(send(c, e, 'one-c-e')), batcher.send(send(b, a, 'one-b-a')), batcher.send(send(c, a, 'one-c-a'))];
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([['one-a-b']]);
    release();
    await Promise.all([first, ...later]);
    expect(calls).toEqual([['one-a-b'], ['one-c-e', 'one-b-a', 'one-c-a']]);
    const stored = await db.select({ body: messages.body }).from(messages).where(inArray(messages.senderId, [a!.id, b!.id, c!.id])).orderBy(messages.id);
    expect(stored.map((m) => m.body)).toEqual(['one-a-b', 'one-c-e', 'one-b-a', 'one-c-a']);
  });
});
