import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema, type PushPayload } from '../../../common/notifications/push-payload';
import { pushSubscriptions } from '../../db/schema';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../../test-support/local-push-service';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loggedInMember } from '../../test-support/test-client';
import { addCreditEntry } from '../credits/credits-repository';
import { MAIL_NEW_CONVERSATION, MAIL_NEW_MESSAGES } from './mail-notifications';
import { NOTIFY_LIKE, NOTIFY_MESSAGE } from './notification-queues';
import { LIKE_PUSH_TTL_SECONDS, MESSAGE_PUSH_TTL_SECONDS } from './push-content';

const vapid = webpush.generateVAPIDKeys();
let service: LocalPushService;
let t: TestApp;

beforeAll(async () => {
  // Only the app's own key is accepted: a push signed with another would fail the test.
  service = await startLocalPushService({ vapidPublicKey: vapid.publicKey });
  t = await createTestApp(
    { PUSH_TEST_ORIGIN: service.origin, PUSH_TEST_CA_FILE: service.caFile },
    { secrets: { vapidPublicKey: vapid.publicKey, vapidPrivateKey: vapid.privateKey } },
  );
});
afterAll(async () => {
  await t.close();
  await service.close();
});

type Member = Awaited<ReturnType<typeof loggedInMember>>;

async function subscribed(lang = 'en'): Promise<Member & { device: LocalSubscription }> {
  const member = await loggedInMember(t, { language: lang, emailConfirmedAt: new Date() }, lang);
  const device = service.newSubscription();
  const saved = await member.api.post('/api/user.php?push=1', device);
  expect(saved.statusCode, saved.body).toBe(200);
  return { ...member, device };
}

async function sendMessage(from: Member, to: Member, text: string): Promise<{ conversation: number }> {
  const res = await from.api.post('/api/message.php', { profile: to.member.id, client_id: randomUUID(), text });
  expect(res.statusCode, res.body).toBe(200);
  return { conversation: res.json().message.conversation as number };
}

async function like(from: Member, to: Member) {
  const res = await from.api.post('/api/like.php', { profile_id: to.member.id });
  expect(res.statusCode, res.body).toBe(200);
}

/**
 * Hands over the queued notices, as the background worker would. Events queue their notices
 * just after commit, without the request waiting for it, so this waits for `expected` jobs.
 */
async function deliverNotices(expected = 1): Promise<void> {
  let handled = 0;
  for (let i = 0; i < 200 && handled < expected; i += 1) {
    handled += await t.app.jobs.drain([NOTIFY_MESSAGE, NOTIFY_LIKE]);
    if (handled < expected) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  expect(handled).toBe(expected);
}

const pushesTo = (device: LocalSubscription) => service.received.filter((p) => p.endpoint === device.endpoint);
const payloadOf = (text: string): PushPayload => pushPayloadSchema.parse(JSON.parse(text));
const devicesOf = (memberId: number) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));

describe('Web Push about messages', () => {
  it("reaches the recipient's device encrypted, in their language, naming the sender and not the text", async () => {
    const a = await subscribed('de');
    const b = await subscribed();
    const { conversation } = await sendMessage(b, a, 'Meet me at the old mill at nine');
    await deliverNotices();
    const [push, ...more] = pushesTo(a.device);
    expect(more).toHaveLength(0);
    expect(pushesTo(b.device)).toHaveLength(0);
    const payload = payloadOf(push!.text);
    expect(payload).toEqual({
      kind: 'message',
      title: `${b.member.name} hat dir eine Nachricht geschickt`,
      body: 'Öffne den Chat, um sie zu lesen.',
      url: `/chats/${conversation}`,
      tag: `chat-${conversation}`,
      badge: 1,
      icon: '/icons/192.png',
    });
    expect(push!.text).not.toContain('old mill');
    expect(push).toMatchObject({ ttl: MESSAGE_PUSH_TTL_SECONDS, urgency: 'high', topic: `chat-${conversation}` });
    expect(push!.vapid).toMatchObject({ aud: service.origin, sub: 'mailto:support@rendezvous.example', publicKey: vapid.publicKey });
    expect((await devicesOf(a.member.id))[0]!.lastSuccessAt).not.toBeNull();
  });

  it('shows the text when the member turned that on, and the badge counts unread messages and new likes', async () => {
    const a = await subscribed();
    const b = await subscribed();
    expect((await a.api.get('/api/notifications.php')).json().push_message_text).toBe(false);
    const saved = await a.api.put('/api/notifications.php', { push_message_text: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().push_message_text).toBe(true);
    await like(b, a);
    await sendMessage(b, a, '  See you\nat nine  ');
    await deliverNotices(2);
    const message = pushesTo(a.device).map((p) => payloadOf(p.text)).find((p) => p.kind === 'message');
    expect(message).toMatchObject({ title: `${b.member.name} sent you a message`, body: 'See you at nine', badge: 2 });
  });

  it('is not sent when the message was read before the job ran', async () => {
    const a = await subscribed();
    const b = await subscribed();
    const { conversation } = await sendMessage(b, a, 'hello');
    expect((await a.api.post('/api/chat-read.php', { conversation })).statusCode).toBe(200);
    await deliverNotices();
    expect(pushesTo(a.device)).toHaveLength(0);
  });

  it('is not sent when one of the two blocked the other meanwhile', async () => {
    const a = await subscribed();
    const b = await subscribed();
    await sendMessage(b, a, 'hello');
    await like(b, a);
    expect((await a.api.post('/api/block.php', { profile_id: b.member.id })).statusCode).toBe(200);
    await deliverNotices(2);
    expect(pushesTo(a.device)).toHaveLength(0);
  });

  it('is not sent to a member whose account is being deleted', async () => {
    const a = await subscribed();
    const b = await subscribed();
    await sendMessage(b, a, 'hello');
    await t.database.pool.query(`update members set status = 'pending_deletion' where id = $1`, [a.member.id]);
    await deliverNotices();
    expect(pushesTo(a.device)).toHaveLength(0);
  });
});

describe('Web Push about likes', () => {
  it('announces a like to the liked member and the match to the first liker', async () => {
    const a = await subscribed();
    const b = await subscribed('fr');
    await like(a, b);
    await deliverNotices();
    const [liked] = pushesTo(b.device);
    expect(payloadOf(liked!.text)).toEqual({
      kind: 'like',
      title: 'Nouveau like',
      body: `${a.member.name} vous aime bien.`,
      url: '/likes',
      tag: `like-${a.member.id}`,
      badge: 1,
      icon: '/icons/192.png',
    });
    expect(liked).toMatchObject({ ttl: LIKE_PUSH_TTL_SECONDS, urgency: 'normal', topic: `like-${a.member.id}` });
    await like(b, a);
    await deliverNotices();
    const [match] = pushesTo(a.device);
    expect(payloadOf(match!.text)).toMatchObject({ kind: 'match', title: "It's a match", body: `You and ${b.member.name} like each other.`, url: '/likes/matches' });
  });

  it('is not sent for a like taken back before the job ran', async () => {
    const a = await subscribed();
    const b = await subscribed();
    await like(a, b);
    expect((await a.api.delete('/api/like.php', { profile_id: b.member.id })).statusCode).toBe(200);
    await deliverNotices();
    expect(pushesTo(b.device)).toHaveLength(0);
  });
});

describe('devices', () => {
  it('forgets a subscription its push service calls gone (410) and still reaches the others', async () => {
    const a = await subscribed();
    const second = service.newSubscription();
    await a.api.post('/api/user.php?push=1', second);
    service.answerWith(a.device.endpoint, 410);
    const b = await subscribed();
    await sendMessage(b, a, 'hello');
    await deliverNotices();
    expect(pushesTo(second)).toHaveLength(1);
    expect((await devicesOf(a.member.id)).map((d) => d.endpoint)).toEqual([second.endpoint]);
  });

  it('fails the job when a device cannot be reached for now (retried), keeping the device, after sending to the others', async () => {
    const a = await subscribed();
    const failing = service.newSubscription();
    await a.api.post('/api/user.php?push=1', failing);
    service.answerWith(failing.endpoint, 503);
    const b = await subscribed();
    await sendMessage(b, a, 'hello');
    const error = await waitForFailedDrain();
    expect(error.name).toBe('PushFailed');
    // The error names the device by id, never its endpoint (a capability URL).
    expect(error.message).toContain('HTTP 503');
    expect(error.message).not.toContain(failing.endpoint);
    expect(pushesTo(a.device)).toHaveLength(1);
    expect(await devicesOf(a.member.id)).toHaveLength(2);
  });
});

describe('SSRF: push endpoints at non-public addresses', () => {
  it('refuses them at save with a translated message, saving nothing', async () => {
    const a = await loggedInMember(t, { language: 'de' }, 'de');
    const device = service.newSubscription();
    const port = new URL(service.origin).port;
    for (const endpoint of [
      'https://10.0.0.7/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://[fd00::1]/push',
      `https://localhost:${port}/push/x`,
      'https://push.internal/x',
      'https://printer.local/x',
      'https://2130706433/x',
      `https://127.0.0.1:${Number(port) + 1}/push/x`,
    ]) {
      const res = await a.api.post('/api/user.php?push=1', { ...device, endpoint });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.message, endpoint).toBe('Diese Push-Adresse kann nicht verwendet werden: Push-Benachrichtigungen brauchen einen öffentlichen Push-Dienst.');
    }
    expect(await devicesOf(a.member.id)).toHaveLength(0);
  });

  it('never contacts a stored endpoint whose name resolves to a private address, and forgets it', async () => {
    const a = await subscribed();
    // A subscription this service would accept, under a name that resolves to loopback: the
    // check after DNS resolution must stop it (a name's answer can change after it was saved).
    const device = service.newSubscription();
    const viaName = device.endpoint.replace('127.0.0.1', 'localhost');
    await t.database.db.insert(pushSubscriptions).values({ memberId: a.member.id, endpoint: viaName, p256dh: device.keys.p256dh, auth: device.keys.auth });
    const before = service.requests.length;
    const b = await subscribed();
    await sendMessage(b, a, 'hello');
    await deliverNotices();
    expect(service.requests.slice(before).map((r) => r.path)).toEqual([new URL(a.device.endpoint).pathname]);
    expect((await devicesOf(a.member.id)).map((d) => d.endpoint)).toEqual([a.device.endpoint]);
  });
});

describe('a batch of message notices', () => {
  it('pushes once per conversation (its newest message) and queues the mails in one go; nothing for a member who can get neither', async () => {
    const a = await subscribed();
    const b = await subscribed();
    await addCreditEntry(t.database.db, { memberId: b.member.id, amount: 500, kind: 'adjustment' });
    // No device, and both message mails turned off: nothing to do for this one.
    const quiet = await loggedInMember(t, { emailConfirmedAt: new Date(), emailOptOuts: ['new_conversations', 'new_messages'] });
    const queued = async (queue: string) => Number((await t.database.pool.query(`select count(*) from pgboss.job where name = $1 and data->>'recipientId' = $2`, [queue, String(a.member.id)])).rows[0].count);
    const before = await t.app.jobs.waiting(NOTIFY_MESSAGE);
    const { conversation } = await sendMessage(b, a, 'one');
    await sendMessage(b, a, 'two');
    await sendMessage(b, a, 'three');
    await sendMessage(b, quiet, 'hello quiet');
    // All four notices wait, to be fetched as one batch.
    await expect.poll(() => t.app.jobs.waiting(NOTIFY_MESSAGE)).toBe(before + 4);
    expect(await t.app.jobs.drain([NOTIFY_MESSAGE])).toBe(4);
    const pushes = pushesTo(a.device);
    expect(pushes).toHaveLength(1);
    expect(payloadOf(pushes[0]!.text)).toMatchObject({ url: `/chats/${conversation}`, badge: 3 });
    // The first message's mail at once, one delayed mail for the others.
    expect(await queued(MAIL_NEW_CONVERSATION)).toBe(1);
    expect(await queued(MAIL_NEW_MESSAGES)).toBe(1);
    const toQuiet = await t.database.pool.query(`select count(*) from pgboss.job where name like 'mail-%' and data->>'recipientId' = $1`, [String(quiet.member.id)]);
    expect(Number(toQuiet.rows[0].count)).toBe(0);
  });
});

describe('needless message notices', () => {
  it('are not queued while the member has no device and a mail job waits for the conversation; a saved device brings them back', async () => {
    const a = await loggedInMember(t, { emailConfirmedAt: new Date() });
    const b = await subscribed();
    await addCreditEntry(t.database.db, { memberId: b.member.id, amount: 500, kind: 'adjustment' });
    const before = await t.app.jobs.waiting(NOTIFY_MESSAGE);
    // The event is published before the answer, and waiting() stores what is gathered.
    const queuedSince = async () => (await t.app.jobs.waiting(NOTIFY_MESSAGE)) - before;

    await sendMessage(b, a, 'first');
    await sendMessage(b, a, 'second');
    expect(await queuedSince()).toBe(2);
    // The worker learns: no device, and the new-messages mail job now waits.
    expect(await t.app.jobs.drain([NOTIFY_MESSAGE])).toBe(2);
    await sendMessage(b, a, 'third');
    await sendMessage(b, a, 'fourth');
    expect(await queuedSince()).toBe(0);

    const device = service.newSubscription();
    expect((await a.api.post('/api/user.php?push=1', device)).statusCode).toBe(200);
    await sendMessage(b, a, 'fifth');
    expect(await queuedSince()).toBe(1);
    expect(await t.app.jobs.drain([NOTIFY_MESSAGE])).toBe(1);
    expect(pushesTo(device)).toHaveLength(1);
  });
});

/** Drains until the queued notice has been handled, resolving with the error it threw. */
async function waitForFailedDrain(): Promise<Error> {
  for (let i = 0; i < 200; i += 1) {
    try {
      if ((await t.app.jobs.drain([NOTIFY_MESSAGE])) > 0) throw new Error('the notice was handled without failing');
    } catch (error) {
      return error as Error;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('no notice was queued');
}
