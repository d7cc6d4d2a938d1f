import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveServerMessage, SendMessageResponse } from '../../common/chat/chat-schema';
import type { Database } from '../db/database';
import { ensureDemoSites } from '../db/seed/demo-data';
import { addCreditEntry } from '../domain/credits/credits-repository';
import { appendEvents } from '../domain/member-events/member-events-repository';
import { logIn } from '../test-support/test-client';
import { openTestDatabase } from '../test-support/test-database';
import { createMember } from '../test-support/test-members';
import type { TestApp } from '../test-support/test-app';
import { connectLive, LIVE_HOST, listenApp, settle, type ListeningApp, type LiveClient } from '../test-support/live-test-client';
import { isDistributedBus } from './redis-bus';
import { redisTestsSkipped, startRedisServer, type RedisTestServer } from '../test-support/redis-test-server';

/**
 * Two server processes of one site (two apps over one database, each with its own Redis
 * bus to one redis-server): members connected to different processes talk as if on one.
 */
const skip = redisTestsSkipped();

describe.skipIf(skip)('two processes sharing live events through Redis', () => {
  let redis: RedisTestServer;
  let database: Database;
  let one: ListeningApp;
  let two: ListeningApp;
  beforeAll(async () => {
    redis = await startRedisServer();
    database = await openTestDatabase();
    await ensureDemoSites(database.db);
    one = await listenApp(database, { redisUrl: redis.url });
    two = await listenApp(database, { redisUrl: redis.url });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.close();
    await redis?.stop();
  });

  async function member(gender: 'male' | 'female', app: ListeningApp) {
    const row = await createMember(database.db, { gender, sexuality: 'hetero', emailConfirmedAt: new Date() });
    await addCreditEntry(database.db, { memberId: row.id, amount: 500, kind: 'purchase' });
    const session = await logIn({ app: app.app } as TestApp, row.email, row.password);
    const live = await connectLive(app.port, session);
    live.send({ type: 'hello', after: null });
    await live.next('ready');
    return { ...row, session, live };
  }

  const events = (c: LiveClient) => c.received.filter((m): m is Extract<LiveServerMessage, { type: 'event' }> => m.type === 'event');

  it('uses a Redis bus in each process', () => {
    expect(isDistributedBus(one.app.liveBus)).toBe(true);
    expect(isDistributedBus(two.app.liveBus)).toBe(true);
    expect(one.app.liveBus).not.toBe(two.app.liveBus);
  });

  it('members on different processes exchange messages, typing and delivered ticks', async () => {
    const a = await member('male', one);
    const b = await member('female', two);

    // a writes on process 1; b, on process 2, receives it live.
    a.live.send({ type: 'send', message: { profile: b.id, client_id: 'cross-process-1', text: 'Hallo from process one' } });
    const { result } = (await a.live.next('sent')) as { result: SendMessageResponse };
    const atB = await b.live.next('event', (e) => e.event.kind === 'message');
    expect(atB.event).toMatchObject({ kind: 'message', message: { id: result.message.id, text: 'Hallo from process one', mine: false }, profile: { id: a.id } });

    // b answers over HTTP on process 2 (the fallback while a socket is down); a hears it on process 1.
    const reply = await two.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { host: LIVE_HOST, origin: `http://${LIVE_HOST}`, cookie: `auth.session=${b.session}`, 'content-type': 'application/json' },
      payload: { profile: a.id, client_id: 'cross-process-2', text: 'And hello back from two' },
    });
    expect(reply.statusCode).toBe(200);
    const atA = await a.live.next('event', (e) => e.event.kind === 'message' && !e.event.message.mine);
    expect(atA.event).toMatchObject({ message: { text: 'And hello back from two' } });

    // Typing crosses processes too.
    b.live.send({ type: 'typing', conversation: result.message.conversation });
    expect(await a.live.next('typing')).toEqual({ type: 'typing', conversation: result.message.conversation });

    // b's device acknowledges on process 2: a sees the delivered tick on process 1.
    b.live.send({ type: 'ack', seq: atB.seq });
    const delivered = await a.live.next('event', (e) => e.event.kind === 'delivered');
    expect(delivered.event).toEqual({ kind: 'delivered', conversation: result.message.conversation, up_to: result.message.id });

    await settle();
    for (const c of [a.live, b.live]) {
      const seqs = events(c).map((e) => e.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    }
    await a.live.close();
    await b.live.close();
  });

  it('a member with tabs on both processes receives every event once on each', async () => {
    const a = await member('male', one);
    const second = await connectLive(two.port, a.session);
    second.send({ type: 'hello', after: null });
    await second.next('ready');
    const b = await member('female', two);
    for (let i = 0; i < 10; i += 1) {
      const from = i % 2 === 0 ? b.live : a.live;
      from.send({ type: 'send', message: { profile: from === b.live ? a.id : b.id, client_id: `both-tabs-${i}-x`, text: `message ${i}` } });
      await from.next('sent', (m) => m.client_id === `both-tabs-${i}-x`);
    }
    await a.live.next('event', (e) => e.event.kind === 'message' && e.event.message.text === 'message 9');
    await second.next('event', (e) => e.event.kind === 'message' && e.event.message.text === 'message 9');
    const texts = (c: LiveClient) => events(c).flatMap((e) => (e.event.kind === 'message' ? [e.event.message.text] : []));
    const expected = Array.from({ length: 10 }, (_, i) => `message ${i}`);
    expect(texts(a.live)).toEqual(expected);
    expect(texts(second)).toEqual(expected);
    await Promise.all([a.live.close(), second.close(), b.live.close()]);
  });

  it('catches up after Redis was down: nothing lost, nothing twice', async () => {
    const a = await member('male', one);
    const before = events(a.live).length;
    await redis.stop();
    // Stored by process 2 while Redis is away, its publication lost: process 1 reads it from
    // the database once its subscriber is back (the resync), without waiting for a next event.
    const stored = await database.db.transaction((tx) => appendEvents(tx, [{ memberId: a.id, event: { kind: 'delivered', conversation: 1, up_to: 1 } }]));
    redis = await startRedisServer(redis.port);
    await a.live.next('event', (e) => e.seq === stored[0]!.seq, 20_000);
    await settle(300);
    expect(events(a.live).length).toBe(before + 1);
    await a.live.close();
  });
});
