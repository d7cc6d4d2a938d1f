import { payments } from '../../db/payments-schema';
import { describe, expect, it } from 'vitest';
import { dataExportSchema, DATA_EXPORT_FORMAT } from '../../../common/account-deletion/data-export-schema';
import { conversations, likes, messages, photos, pushSubscriptions } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { addCreditEntry } from '../credits/credits-repository';
import { requester } from '../../test-support/test-client';

const t = testAppForFile();
const http = requester(t);

const PHOTO = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4, 0x57, 0x45, 0x42, 0x50]);

describe('data export (POST /api/export.php)', () => {
  it('downloads all of the member data as documented JSON, and of others only id and name', async () => {
    const db = t.database.db;
    const member = await createMember(db, { name: 'Ida', about: 'I like hiking', signupTracking: { network: 'n1', sub1: 's' }, interests: ['hiking'] });
    const other = await createMember(db, { name: 'Olav', about: 'OTHER-PRIVATE-ABOUT', city: 'OtherCity', email: 'other-private@example.test' });
    await t.app.photoStorage.put('u/ex/ida.webp', PHOTO, 'image/webp');
    await db.insert(photos).values([
      { memberId: member.id, filename: 'u/ex/ida.webp', thumbFilename: 'u/ex/ida-thumb.webp', width: 300, height: 400, status: 'active' },
      { memberId: member.id, filename: 'demo/x/p.webp', thumbFilename: 'demo/x/p-thumb.webp', width: 300, height: 400, status: 'active' },
      { memberId: other.id, filename: 'u/ex/olav.webp', thumbFilename: 'u/ex/olav-thumb.webp', width: 300, height: 400, status: 'active' },
    ]);
    await addCreditEntry(db, { memberId: member.id, amount: 20, kind: 'signup_bonus' });
    await addCreditEntry(db, { memberId: member.id, amount: -10, kind: 'message' });
    await addCreditEntry(db, { memberId: other.id, amount: 999, kind: 'purchase' });
    const payment = { siteId: member.siteId, credits: 100, method: 'ideal', provider: 'test', amountMinor: 1234, currency: 'EUR', country: 'NL', vatRateBp: 2100 };
    await db.insert(payments).values([
      { ...payment, publicId: `RVEXPORT${member.id}`, memberId: member.id, status: 'paid', idempotencyKey: 'a', paidAt: new Date() },
      { ...payment, publicId: `RVOPEN${member.id}`, memberId: member.id, status: 'open', idempotencyKey: 'b' },
      { ...payment, publicId: `RVOTHER${other.id}`, memberId: other.id, status: 'paid', idempotencyKey: 'c' },
    ]);
    await db.insert(pushSubscriptions).values([
      { memberId: member.id, endpoint: 'https://push.example/ida', p256dh: 'IDA-P256DH-SECRET', auth: 'IDA-AUTH-SECRET' },
      { memberId: other.id, endpoint: 'https://push.example/olav', p256dh: 'x', auth: 'y' },
    ]);
    const [low, high] = [member.id, other.id].sort((a, b) => a - b);
    const [conversation] = await db.insert(conversations).values({ siteId: member.siteId, memberLowId: low!, memberHighId: high!, startedBy: other.id }).returning();
    await db.insert(messages).values([
      { conversationId: conversation!.id, senderId: other.id, body: 'Hello Ida' },
      { conversationId: conversation!.id, senderId: member.id, body: 'Hi Olav' },
    ]);
    // A conversation between two others must not appear.
    const third = await createMember(db);
    const [a, b] = [other.id, third.id].sort((x, y) => x - y);
    const [elsewhere] = await db.insert(conversations).values({ siteId: member.siteId, memberLowId: a!, memberHighId: b!, startedBy: other.id }).returning();
    await db.insert(messages).values({ conversationId: elsewhere!.id, senderId: other.id, body: 'NOT-FOR-IDA' });
    // Ida and Olav like each other; Olav's like of someone else is not Ida's.
    await db.insert(likes).values([
      { likerId: member.id, likedId: other.id },
      { likerId: other.id, likedId: member.id },
      { likerId: other.id, likedId: third.id },
    ]);
    await http.login(other);

    const cookie = await http.login(member);
    const res = await http.post('/api/export.php', { password: member.password }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="rendezvous-data-${member.id}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.headers['cache-control']).toBe('no-store');

    const data = dataExportSchema.parse(res.json());
    expect(data.format).toBe(DATA_EXPORT_FORMAT);
    expect(data.account).toMatchObject({ id: member.id, email: member.email, credits: 10, status: 'active' });
    expect(data.profile).toMatchObject({ name: 'Ida', about: 'I like hiking', interests: ['hiking'] });
    expect(data.signup_tracking).toEqual({ network: 'n1', sub1: 's' });
    expect(data.photos).toHaveLength(2);
    expect(Buffer.from(data.photos[0]!.data_base64!, 'base64')).toEqual(PHOTO);
    expect(data.photos[0]!.content_type).toBe('image/webp');
    expect(data.photos[1]!.data_base64).toBeNull();
    expect(data.credit_entries.map((e) => e.amount)).toEqual([20, -10]);
    // Purchases past the checkout, the member's own only.
    expect(data.payments.map((p) => [p.payment_id, p.status, p.amount])).toEqual([[`RVEXPORT${member.id}`, 'paid', 1234]]);
    expect(data.conversations).toEqual([
      expect.objectContaining({
        id: conversation!.id,
        with: { id: other.id, name: 'Olav' },
        started_by_me: false,
        messages: [expect.objectContaining({ sent_by_me: false, body: 'Hello Ida' }), expect.objectContaining({ sent_by_me: true, body: 'Hi Olav' })],
      }),
    ]);
    expect(data.sessions).toEqual([{ created_at: expect.any(String), last_seen_at: expect.any(String), expires_at: expect.any(String), user_agent: 'lightMyRequest' }]);
    expect(data.push_subscriptions).toEqual([{ endpoint: 'https://push.example/ida', created_at: expect.any(String) }]);
    expect(data.likes).toEqual({
      sent: [{ with: { id: other.id, name: 'Olav' }, created_at: expect.any(String) }],
      received: [{ with: { id: other.id, name: 'Olav' }, created_at: expect.any(String), seen_at: null }],
    });

    // Nothing of other members beyond id and name, and no secrets.
    for (const secret of ['OTHER-PRIVATE-ABOUT', 'OtherCity', other.email, 'olav.webp', 'push.example/olav', 'NOT-FOR-IDA', 'IDA-P256DH-SECRET', 'IDA-AUTH-SECRET', 'token', 'password']) {
      expect(res.body, secret).not.toContain(secret);
    }
    // Olav's 999 credits under no key (a ledger amount or a balance); a bare '999' also
    // matched a timestamp's milliseconds, one run in a thousand.
    expect(res.body).not.toMatch(/":999[,}\]]/);
  });

  it('asks for the current password again: a wrong or missing one gets a translated error and no data', async () => {
    const member = await createMember(t.database.db, { about: 'EXPORT-ME-NOT' });
    const cookie = await http.login(member);
    const wrong = await http.post('/api/export.php', { password: 'not the password' }, { cookie, lang: 'de' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'wrongPassword', fields: { password: expect.any(String) } });
    expect(wrong.json().error.message).not.toBe('The password is not correct.');
    expect(wrong.headers['content-disposition']).toBeUndefined();
    expect(wrong.body).not.toContain('EXPORT-ME-NOT');
    const missing = await http.post('/api/export.php', {}, { cookie });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).not.toContain('EXPORT-ME-NOT');
    // The old download link (a GET a link on any page could start) exports nothing.
    const get = await http.get('/api/export.php', { cookie });
    expect(get.statusCode).toBe(404);
    expect(get.body).not.toContain('EXPORT-ME-NOT');
  });

  it('takes the settings form posted without JavaScript (urlencoded), behind the same Origin check', async () => {
    const member = await createMember(t.database.db);
    const cookie = await http.login(member);
    const form = (origin: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/export.php',
        remoteAddress: '198.18.0.20',
        headers: { host: 'localhost:3000', origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `password=${encodeURIComponent(password)}`,
      });
    const res = await form('http://localhost:3000', member.password);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
    expect((await form('https://evil.example', member.password)).statusCode).toBe(403);
    expect((await form('http://localhost:3000', 'wrong')).statusCode).toBe(400);
  });

  it('needs a session', async () => {
    const res = await http.post('/api/export.php', { password: 'whatever' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authRequired');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  it('is rate limited', async () => {
    const member = await createMember(t.database.db);
    const cookie = await http.login(member);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/export.php',
        remoteAddress: '198.18.0.9',
        headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie, 'content-type': 'application/json' },
        payload: { password: member.password },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});
