import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LiveEvent, LiveServerMessage, SendMessageResponse } from '../../common/chat/chat-schema';
import type { Database } from '../db/database';
import { memberEvents, sessions } from '../db/schema';
import { hashToken } from '../domain/auth/sessions';
import { ensureDemoSites } from '../db/seed/demo-data';
import { addCreditEntry, creditBalance } from '../domain/credits/credits-repository';
import { appendEvents, currentSeq } from '../domain/member-events/member-events-repository';
import { publishEvents } from '../domain/member-events/publish-events';
import { client, logIn } from '../test-support/test-client';
import { openTestDatabase } from '../test-support/test-database';
import { createMember } from '../test-support/test-members';
import type { TestApp } from '../test-support/test-app';
import { WebSocket } from 'ws';
import { connectLive, LIVE_HOST, listenApp, settle, type ListeningApp, type LiveClient } from '../test-support/live-test-client';
import { FRAMES_PER_SECOND, pingLiveConnections } from './live-routes';
import { unreadTotalsOff } from '../test-support/unread-totals';

let database: Database;
let server: ListeningApp;
beforeAll(async () => {
  database = await openTestDatabase();
  await ensureDemoSites(database.db);
  server = await listenApp(database);
});
afterAll(async () => {
  await server?.close();
  await database?.close();
});
// Every write of these tests keeps the members' unread totals (decision 0011).
afterEach(async () => expect(await unreadTotalsOff(database)).toEqual([]));

/** A confirmed member with credits, logged in. */
async function member(gender: 'male' | 'female' = 'female') {
  const row = await createMember(database.db, { gender, sexuality: 'hetero', emailConfirmedAt: new Date() });
  await addCreditEntry(database.db, { memberId: row.id, amount: 500, kind: 'purchase' });
  const session = await logIn({ app: server.app } as TestApp, row.email, row.password);
  return { ...row, session };
}

const read = (up_to: number): LiveEvent => ({ kind: 'read', conversation: 1, up_to, by: 'them', total_unread_messages: 0 });

/** Stores events for a member as a chat write does, and publishes them after commit. */
async function store(memberId: number, count: number, publish = true) {
  const events = await database.db.transaction((tx) => appendEvents(tx, Array.from({ length: count }, (_, i) => ({ memberId, event: read(i + 1) }))));
  if (publish) publishEvents(server.app.liveBus, events);
  return events;
}

const seqs = (c: LiveClient) => c.received.filter((m): m is Extract<LiveServerMessage, { type: 'event' }> => m.type === 'event').map((m) => m.seq);

async function hello(c: LiveClient, after: number | null) {
  c.send({ type: 'hello', after });
  return c.next('ready');
}

describe('GET /api/live.php', () => {
  it('closes with 4401 for visitors and 4403 for pages of another origin', async () => {
    const visitor = await connectLive(server.port, null);
    expect(await visitor.closed).toBe(4401);
    const m = await member();
    const foreign = await connectLive(server.port, m.session, { origin: 'https://evil.example' });
    expect(await foreign.closed).toBe(4403);
    const noOrigin = await connectLive(server.port, m.session, { origin: '' });
    expect(await noOrigin.closed).toBe(4403);
    const stale = await connectLive(server.port, 'x'.repeat(43));
    expect(await stale.closed).toBe(4401);
  });

  it('starts from the current seq with hello null, then sends live events', async () => {
    const m = await member();
    await store(m.id, 2);
    const c = await connectLive(server.port, m.session);
    expect(await hello(c, null)).toEqual({ type: 'ready', seq: 2 });
    await store(m.id, 1);
    await c.next('event', (e) => e.seq === 3);
    expect(seqs(c)).toEqual([3]);
    await c.close();
  });

  it('replays exactly the missed events on resume, then continues live', async () => {
    const m = await member();
    await store(m.id, 5);
    const c = await connectLive(server.port, m.session);
    expect(await hello(c, 2)).toEqual({ type: 'ready', seq: 5 });
    expect(c.received.map((x) => x.type)).toEqual(['event', 'event', 'event', 'ready']);
    expect(seqs(c)).toEqual([3, 4, 5]);
    expect(c.received[0]).toEqual({ type: 'event', seq: 3, event: read(3) });
    await store(m.id, 1);
    await c.next('event', (e) => e.seq === 6);
    // A second hello on the same connection changes nothing.
    c.send({ type: 'hello', after: 0 });
    await settle();
    expect(seqs(c)).toEqual([3, 4, 5, 6]);
    await c.close();
  });

  it('never sends an event twice and fills gaps when events are published late or out of order', async () => {
    const m = await member();
    const c = await connectLive(server.port, m.session);
    await hello(c, 0);
    const [e1, e2, e3] = await store(m.id, 3, false);
    publishEvents(server.app.liveBus, [e3!]); // another process was faster: 1 and 2 come from the database
    await c.next('event', (e) => e.seq === 3);
    publishEvents(server.app.liveBus, [e1!, e2!, e3!]); // the late ones are dropped
    await store(m.id, 1);
    await c.next('event', (e) => e.seq === 4);
    await settle();
    expect(seqs(c)).toEqual([1, 2, 3, 4]);
    await c.close();
  });

  it('waits briefly for an event that comes over the bus after a later one, instead of reading the database', async () => {
    const m = await member();
    const c = await connectLive(server.port, m.session);
    await hello(c, 0);
    // Never stored: only the bus has them, so a database read in between would lose seq 2.
    const delivered = (seq: number) => ({ memberId: m.id, seq, event: { kind: 'delivered' as const, conversation: 5, up_to: seq } });
    publishEvents(server.app.liveBus, [delivered(2)]);
    await new Promise((r) => setTimeout(r, 2));
    publishEvents(server.app.liveBus, [delivered(1)]);
    await c.next('event', (e) => e.seq === 2);
    await settle();
    expect(seqs(c)).toEqual([1, 2]);
    await c.close();
  });

  it('keeps every event exactly once when a tab resumes while events are being written', async () => {
    const m = await member();
    await store(m.id, 3);
    const writing = (async () => {
      for (let i = 0; i < 40; i += 1) {
        await store(m.id, 1);
        if (i % 5 === 0) await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const c = await connectLive(server.port, m.session);
    c.send({ type: 'hello', after: 1 });
    await writing;
    await c.next('event', (e) => e.seq === 43);
    await settle();
    expect(seqs(c)).toEqual(Array.from({ length: 42 }, (_, i) => i + 2));
    await c.close();
  });

  it('says reset when the events asked for are gone or from the future', async () => {
    const m = await member();
    await store(m.id, 3);
    const future = await connectLive(server.port, m.session);
    future.send({ type: 'hello', after: 99 });
    expect(await future.next('ready')).toEqual({ type: 'ready', seq: 3 });
    expect(future.received).toEqual([{ type: 'reset', seq: 3 }, { type: 'ready', seq: 3 }]);
    await future.close();

    // The retention purge took the first ones.
    await database.db.delete(memberEvents).where(eq(memberEvents.memberId, m.id));
    await store(m.id, 1);
    const purged = await connectLive(server.port, m.session);
    purged.send({ type: 'hello', after: 1 });
    await purged.next('ready');
    expect(purged.received).toEqual([{ type: 'reset', seq: 4 }, { type: 'ready', seq: 4 }]);
    await purged.close();
  });
});

describe('replay after a block', () => {
  it('gives the blocked member nothing of the deleted chat with hello after 0: not a word of it', async () => {
    const a = await member();
    const b = await member('male');
    const api = (session: string) => client({ app: server.app } as TestApp, session);
    // An earlier event of B's about another chat, so that the replay starts (no reset).
    await database.db.transaction((tx) => appendEvents(tx, [{ memberId: b.id, event: { kind: 'delivered', conversation: 999_999, up_to: 1 } }]));
    const stamp = Date.now();
    expect((await api(b.session).post('/api/message.php', { profile: a.id, client_id: `replay-1-${stamp}`, text: 'secret question' })).statusCode).toBe(200);
    expect((await api(a.session).post('/api/message.php', { profile: b.id, client_id: `replay-2-${stamp}`, text: 'secret answer' })).statusCode).toBe(200);
    expect((await api(a.session).post('/api/block.php', { profile_id: b.id })).statusCode).toBe(200);

    const c = await connectLive(server.port, b.session);
    await hello(c, 0);
    const events = c.received.flatMap((m) => (m.type === 'event' ? [m.event.kind] : []));
    expect(events).toEqual(['delivered', 'chat_deleted']);
    expect(JSON.stringify(c.received)).not.toContain('secret');
    await c.close();
  });
});

describe('chat over the live connection', () => {
  it('sends idempotently, delivers to the other member once, and acknowledgements become delivered ticks', async () => {
    const a = await member('male');
    const b = await member('female');
    const ca = await connectLive(server.port, a.session);
    const cb = await connectLive(server.port, b.session);
    await hello(ca, null);
    await hello(cb, null);
    const balance = await creditBalance(database.db, a.id);

    const message = { profile: b.id, client_id: 'live-send-0001', text: 'Hoi, hoe gaat het?' };
    ca.send({ type: 'send', message });
    const sent = (await ca.next('sent')) as { client_id: string; result: SendMessageResponse };
    expect(sent.client_id).toBe('live-send-0001');
    expect(sent.result.message).toMatchObject({ text: 'Hoi, hoe gaat het?', mine: true, kind: 'text', state: 'sent' });
    // The recipient hears of it, and so do the sender's own tabs.
    const received = await cb.next('event', (e) => e.event.kind === 'message');
    expect(received.event).toMatchObject({ kind: 'message', message: { id: sent.result.message.id, mine: false }, profile: { id: a.id } });
    await ca.next('event', (e) => e.event.kind === 'message');

    // A retry (lost answer) returns the same message, charges once and sends no second event.
    ca.send({ type: 'send', message });
    await ca.next('sent', (m) => m !== sent);
    const answers = ca.received.filter((m) => m.type === 'sent') as { result: SendMessageResponse }[];
    expect(answers.map((x) => x.result.message.id)).toEqual([sent.result.message.id, sent.result.message.id]);
    const spent = balance - (await creditBalance(database.db, a.id));
    expect(answers[1]!.result.wallet).toEqual(answers[0]!.result.wallet);

    // b's tab received it: a sees the delivered tick (acks are capped at what was sent to the tab).
    cb.send({ type: 'ack', seq: received.seq + 1000 });
    const delivered = await ca.next('event', (e) => e.event.kind === 'delivered');
    expect(delivered.event).toEqual({ kind: 'delivered', conversation: sent.result.message.conversation, up_to: sent.result.message.id });
    await settle();
    expect(cb.received.filter((m) => m.type === 'event' && m.event.kind === 'message')).toHaveLength(1);
    expect(spent).toBe(balance - (await creditBalance(database.db, a.id)));
    await ca.close();
    await cb.close();
  });

  it('answers refused and invalid sends in the member language', async () => {
    const a = await member();
    const c = await connectLive(server.port, a.session, { cookie: `auth.session=${a.session}; i18n_redirected=de` });
    c.send({ type: 'send', message: { profile: a.id, client_id: 'self-message-1', text: 'Hallo' } });
    expect(await c.next('send_error', (m) => m.client_id === 'self-message-1')).toEqual({
      type: 'send_error',
      client_id: 'self-message-1',
      status: 400,
      error: { code: 'cannotMessageSelf', message: 'Du kannst dir nicht selbst schreiben.' },
    });
    c.send({ type: 'send', message: { profile: 5, client_id: 'empty-message-1', text: '   ' } });
    expect(await c.next('send_error', (m) => m.client_id === 'empty-message-1')).toMatchObject({ status: 400, error: { code: 'emptyMessage', message: 'Schreib zuerst eine Nachricht.' } });
    c.send({ type: 'send', message: { profile: 'x' } });
    expect(await c.next('send_error', (m) => m.client_id === '')).toMatchObject({ status: 400, error: { code: 'invalidInput' } });
    c.send({ type: 'send', message: { profile: 5, client_id: 'nul-message-1', text: 'a\u0000b' } });
    expect(await c.next('send_error', (m) => m.client_id === 'nul-message-1')).toMatchObject({ status: 400, error: { code: 'invalidInput' } });
    await c.close();
  });

  it('relays typing to the other participant only, at most once a second', async () => {
    const a = await member('male');
    const b = await member('female');
    const outsider = await member('male');
    const ca = await connectLive(server.port, a.session);
    const cb = await connectLive(server.port, b.session);
    const co = await connectLive(server.port, outsider.session);
    await Promise.all([hello(ca, null), hello(cb, null), hello(co, null)]);
    ca.send({ type: 'send', message: { profile: b.id, client_id: 'typing-setup-1', text: 'Hey' } });
    const { result } = (await ca.next('sent')) as { result: SendMessageResponse };
    const conversation = result.message.conversation;

    co.send({ type: 'typing', conversation });
    ca.send({ type: 'typing', conversation });
    ca.send({ type: 'typing', conversation });
    expect(await cb.next('typing')).toEqual({ type: 'typing', conversation });
    await settle(300);
    expect(cb.received.filter((m) => m.type === 'typing')).toHaveLength(1);
    expect(ca.received.filter((m) => m.type === 'typing')).toHaveLength(0);
    await Promise.all([ca.close(), cb.close(), co.close()]);
  });

  it('closes on frames that are not JSON and ignores unknown messages', async () => {
    const m = await member();
    const c = await connectLive(server.port, m.session);
    c.send({ type: 'unknown-thing' });
    expect(await hello(c, null)).toMatchObject({ type: 'ready' });
    c.socket.send('not json');
    expect(await c.closed).toBe(1003);
  });
});

describe('live connection limits', () => {
  it('limits the frames a member sends', async () => {
    const m = await member();
    const c = await connectLive(server.port, m.session);
    // A burst of 4x the limit: whatever second boundary splits it, one part is over the limit
    // and none is over the abuse threshold (5x).
    for (let i = 0; i < FRAMES_PER_SECOND * 4; i += 1) c.send({ type: 'send', message: { profile: m.id, client_id: `over-limit-${i}0`, text: 'x' } });
    const tooMany = await c.next('send_error', (x) => x.status === 429);
    expect(tooMany.error).toEqual({ code: 'tooManyRequests', message: 'Too many requests. Please wait a moment and try again.' });
    // Far beyond the limit (12x, at least 6x in one second): not a browser; closed.
    for (let i = 0; i < FRAMES_PER_SECOND * 12; i += 1) c.send({ type: 'typing', conversation: 1 });
    expect(await c.closed).toBe(1008);
  });

  it('drops connections that stop answering pings', async () => {
    const m = await member();
    // ws answers pings by itself; this client does not.
    const silent = new WebSocket(`ws://127.0.0.1:${server.port}/api/live.php`, { autoPong: false, headers: { host: LIVE_HOST, origin: `http://${LIVE_HOST}`, cookie: `auth.session=${m.session}` } });
    const silentClosed = new Promise<number>((resolve) => silent.once('close', resolve));
    await new Promise((resolve) => silent.once('open', resolve));
    const answering = await connectLive(server.port, m.session);
    pingLiveConnections(server.app);
    await settle(300);
    pingLiveConnections(server.app);
    expect(await silentClosed).toBe(1006);
    await settle();
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
    await answering.close();
  });

  it('closes, at the next sweep, a connection whose session ended elsewhere (no more events for it)', async () => {
    const m = await member();
    const c = await connectLive(server.port, m.session);
    await hello(c, null);
    pingLiveConnections(server.app);
    await settle(300);
    expect(c.socket.readyState).toBe(c.socket.OPEN);
    const out = await server.app.inject({ method: 'GET', url: '/api/logout.php', headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: `auth.session=${m.session}` } });
    expect(out.statusCode).toBe(200);
    pingLiveConnections(server.app);
    expect(await c.closed).toBe(4401);
  });

  it('closes, at the next sweep, a connection whose session has been idle longer than SESSION_IDLE_HOURS', async () => {
    const m = await member();
    const c = await connectLive(server.port, m.session);
    await hello(c, null);
    const idle = new Date(Date.now() - (server.app.config.SESSION_IDLE_HOURS + 1) * 60 * 60 * 1000);
    await database.db.update(sessions).set({ lastSeenAt: idle }).where(eq(sessions.tokenHash, hashToken(m.session)));
    pingLiveConnections(server.app);
    expect(await c.closed).toBe(4401);
  });

  it('checks the session at every send: a logged-out session is closed with 4401', async () => {
    const m = await member();
    const c = await connectLive(server.port, m.session);
    await hello(c, null);
    const out = await server.app.inject({ method: 'GET', url: '/api/logout.php', headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: `auth.session=${m.session}` } });
    expect(out.statusCode).toBe(200);
    c.send({ type: 'send', message: { profile: m.id + 1, client_id: 'after-logout-1', text: 'x' } });
    expect(await c.closed).toBe(4401);
    expect(await currentSeq(database.db, m.id)).toBe(0);
  });
});
