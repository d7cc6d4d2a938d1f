import { createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER } from '../../../common/account/push-subscription';
import { pushSubscriptions } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { client, loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

/** A real browser key: an uncompressed P-256 point (0x04 + X + Y, 65 bytes), base64url without padding. */
const newP256dh = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return ecdh.getPublicKey();
};
const p256dh = newP256dh().toString('base64url');
const auth = Buffer.alloc(16, 9).toString('base64url');
let n = 0;
const subscription = (over: Partial<{ endpoint: string; p256dh: string; auth: string }> = {}) => ({
  endpoint: over.endpoint ?? `https://fcm.googleapis.com/fcm/send/device-${(n += 1)}`,
  expirationTime: null,
  keys: { p256dh: over.p256dh ?? p256dh, auth: over.auth ?? auth },
});
const rowsOf = (memberId: number) => t.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));

describe('POST and DELETE /api/user.php?push=1', () => {
  it('saves a subscription, and saving the same endpoint again updates it instead of adding one', async () => {
    const { member, api } = await loggedInMember(t);
    const sub = subscription();
    const res = await api.post('/api/user.php?push=1', sub);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, push_subscriptions: 1 });
    const newAuth = Buffer.alloc(16, 1).toString('base64url');
    expect((await api.post('/api/user.php?push=1', { ...sub, keys: { ...sub.keys, auth: newAuth } })).json().push_subscriptions).toBe(1);
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: sub.endpoint, p256dh, auth: newAuth });
    expect((await api.get('/api/notifications.php')).json().push_subscriptions).toBe(1);
  });

  it('moves a device to the member who subscribes on it now', async () => {
    const a = await loggedInMember(t);
    const b = await loggedInMember(t);
    const sub = subscription();
    await a.api.post('/api/user.php?push=1', sub);
    await b.api.post('/api/user.php?push=1', sub);
    expect(await rowsOf(a.member.id)).toHaveLength(0);
    expect(await rowsOf(b.member.id)).toHaveLength(1);
  });

  it(`keeps at most ${PUSH_SUBSCRIPTIONS_PER_MEMBER} devices per member, dropping the oldest`, async () => {
    const { member, api } = await loggedInMember(t);
    const first = subscription();
    await api.post('/api/user.php?push=1', first);
    for (let i = 0; i < PUSH_SUBSCRIPTIONS_PER_MEMBER; i += 1) await api.post('/api/user.php?push=1', subscription());
    const rows = await rowsOf(member.id);
    expect(rows).toHaveLength(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    expect(rows.map((r) => r.endpoint)).not.toContain(first.endpoint);
  });

  it('refuses subscriptions that are not real ones, saving nothing', async () => {
    const { member, api } = await loggedInMember(t);
    for (const body of [
      {},
      { endpoint: 'https://fcm.googleapis.com/x' },
      subscription({ endpoint: 'http://fcm.googleapis.com/fcm/send/x' }),
      subscription({ endpoint: 'https://user:pw@fcm.googleapis.com/x' }),
      subscription({ endpoint: `https://fcm.googleapis.com/${'x'.repeat(3000)}` }),
      subscription({ endpoint: 'not a url' }),
      subscription({ p256dh: 'short' }),
      subscription({ p256dh: Buffer.alloc(65, 4).toString('base64url').replace(/^./, 'A') }),
      subscription({ auth: Buffer.alloc(32, 1).toString('base64url') }),
      subscription({ auth: 'has spaces in it!!!!!!' }),
    ]) {
      const res = await api.post('/api/user.php?push=1', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json().error.code).toBe('invalidInput');
    }
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  it('refuses keys no push can be encrypted for (p256dh off the P-256 curve or not uncompressed, auth not 16 bytes), saving nothing', async () => {
    const { member, api } = await loggedInMember(t);
    const hybrid = newP256dh();
    // 0x06/0x07 "hybrid" points carry the same X and Y but web push accepts only 0x04.
    hybrid[0] = 7;
    for (const keys of [
      { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url') },
      { p256dh: Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 0)]).toString('base64url') },
      { p256dh: hybrid.toString('base64url') },
      { auth: Buffer.alloc(15, 1).toString('base64url') },
      { auth: Buffer.alloc(17, 1).toString('base64url') },
    ]) {
      const res = await api.post('/api/user.php?push=1', subscription(keys));
      expect(res.statusCode, JSON.stringify(keys)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalidInput', message: 'Some of the information sent is not valid. Please check it and try again.' });
    }
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  it('refuses endpoints that are not public hosts (SSRF) with their own message, saving nothing', async () => {
    const { member, api } = await loggedInMember(t);
    for (const endpoint of ['https://localhost/push', 'https://127.0.0.1/push', 'https://[::1]/push', 'https://push.internal/x', 'https://localhost./x']) {
      const res = await api.post('/api/user.php?push=1', subscription({ endpoint }));
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'pushEndpointRefused', fields: { endpoint: expect.any(String) } });
    }
    expect(await rowsOf(member.id)).toHaveLength(0);
  });

  it('accepts padded keys too', async () => {
    const { api } = await loggedInMember(t);
    const res = await api.post('/api/user.php?push=1', subscription({ p256dh: `${p256dh}=`, auth: `${auth}==` }));
    expect(res.statusCode).toBe(200);
  });

  it('needs a session (403), and leaves login without ?push=1 as it was', async () => {
    const visitor = client(t, null);
    expect((await visitor.post('/api/user.php?push=1', subscription())).statusCode).toBe(403);
    expect((await visitor.delete('/api/user.php?push=1', { endpoint: 'https://fcm.googleapis.com/x' })).statusCode).toBe(403);
    const { member } = await loggedInMember(t);
    const login = await visitor.post('/api/user.php', { email: member.email, password: member.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(member.id);
    // Credentials sent to the push address are not a login.
    const notLogin = await visitor.post('/api/user.php?push=1', { email: member.email, password: member.password });
    expect(notLogin.statusCode).toBe(400);
    expect(notLogin.cookies.find((c) => c.name === 'auth.session')).toBeUndefined();
    expect((await visitor.post('/api/user.php?push=0', { email: member.email, password: member.password })).statusCode).toBe(200);
    expect((await visitor.delete('/api/user.php', {})).statusCode).toBe(404);
  });

  it("removes the member's own subscription, never another member's", async () => {
    const a = await loggedInMember(t);
    const b = await loggedInMember(t);
    const subA = subscription();
    await a.api.post('/api/user.php?push=1', subA);
    await b.api.post('/api/user.php?push=1', subscription());
    const foreign = await b.api.delete('/api/user.php?push=1', { endpoint: subA.endpoint });
    expect(foreign.json()).toEqual({ ok: true, push_subscriptions: 1 });
    expect(await rowsOf(a.member.id)).toHaveLength(1);
    const own = await a.api.delete('/api/user.php?push=1', { endpoint: subA.endpoint });
    expect(own.json()).toEqual({ ok: true, push_subscriptions: 0 });
    expect(await rowsOf(a.member.id)).toHaveLength(0);
    expect((await a.api.delete('/api/user.php?push=1', {})).statusCode).toBe(400);
  });

  it('is documented in the OpenAPI document beside the login', async () => {
    const doc = (await client(t, null).get('/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/user.php?push=1'] ?? {})).toEqual(expect.arrayContaining(['post', 'delete']));
    expect(doc.paths['/api/user.php']?.post).toMatchObject({ summary: 'Log in' });
    expect(doc.paths['/api/password.php']?.put).toBeDefined();
    expect(doc.paths['/api/notifications.php']?.put).toBeDefined();
  });
});
