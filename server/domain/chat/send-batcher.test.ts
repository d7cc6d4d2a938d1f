import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/test-members';
import { addCreditEntry } from '../credits/credits-repository';
import { SendBatcher, type SendItem } from './send-batcher';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

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
});
