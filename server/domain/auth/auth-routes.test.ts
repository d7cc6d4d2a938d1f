import { describe, expect, it } from 'vitest';
import { userResponseSchema } from '../../../common/auth/user-schema';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { LOGIN_BLOCK_MINUTES, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP, LOGIN_MAX_FAILURES_PER_IP } from '../../../common/limits';
import { members, sessions } from '../../db/schema';
import { ACTIVITY_EVERY_MS } from '../../plugins/session-plugin';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { firstLink, outboxMailsTo } from '../../test-support/outbox';
import { addCreditEntry } from '../credits/credits-repository';
import { hashToken } from './sessions';

const t = testAppForFile();

const origin = 'http://localhost:3000';
let ipCounter = 0;
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

function loginRequest(email: string, password: string, extra: { cookie?: string; ip?: string; host?: string; lang?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    remoteAddress: extra.ip ?? freshIp(),
    headers: {
      host: extra.host ?? 'localhost:3000',
      origin: `http://${extra.host ?? 'localhost:3000'}`,
      'content-type': 'application/json',
      cookie: [extra.cookie, `i18n_redirected=${extra.lang ?? 'en'}`].filter(Boolean).join('; '),
    },
    payload: { email, password },
  });
}

const sessionCookie = (res: { cookies: Array<{ name: string; value: string }> }) => res.cookies.find((c) => c.name === 'auth.session');

describe('login (POST /api/user.php)', () => {
  it('starts a session in an HttpOnly, SameSite auth. cookie of 30 days and returns the user', async () => {
    const member = await createMember(t.database.db, { name: 'Anna' });
    await addCreditEntry(t.database.db, { memberId: member.id, amount: 20, kind: 'signup_bonus' });
    await addCreditEntry(t.database.db, { memberId: member.id, amount: -10, kind: 'message' });
    const res = await loginRequest(member.email.toUpperCase(), member.password);
    expect(res.statusCode).toBe(200);
    const { user } = userResponseSchema.parse(res.json());
    expect(user).toMatchObject({ id: member.id, credits: 10, paid_user: false, status: 'active', profile: { name: 'Anna', main_image: null } });
    const cookie = sessionCookie(res)!;
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax', maxAge: 30 * 24 * 3600 });
    // The database keeps only a hash of the token.
    const [stored] = await t.database.db.select().from(sessions).where(eq(sessions.memberId, member.id));
    expect(stored!.tokenHash).toBe(hashToken(cookie.value));
    expect(stored!.tokenHash).not.toBe(cookie.value);
    const me = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost:3000', cookie: `auth.session=${cookie.value}` } });
    expect(me.json().user.id).toBe(member.id);
  });

  it('refuses a wrong password and an unknown e-mail alike, translated', async () => {
    const member = await createMember(t.database.db);
    for (const [email, password] of [
      [member.email, 'wrong password'],
      ['nobody@example.test', member.password],
    ]) {
      const res = await loginRequest(email!, password!);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'loginFailed', message: 'Login failed, please try again' });
      expect(sessionCookie(res)).toBeUndefined();
    }
    const nl = await loginRequest(member.email, 'wrong', { lang: 'nl' });
    expect(nl.json().error.message).not.toBe('Login failed, please try again');
  });

  it(`blocks an address after ${LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP} failures for an account, even with the right password; the owner elsewhere still logs in`, async () => {
    const member = await createMember(t.database.db, { language: 'de', name: 'Greta' });
    const attacker = '203.0.113.5';
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP - 1; i += 1) expect((await loginRequest(member.email, 'nope', { ip: attacker })).statusCode).toBe(401);
    const last = await loginRequest(member.email, 'nope', { ip: attacker });
    expect(last.statusCode).toBe(429);
    const res = await loginRequest(member.email, member.password, { ip: attacker });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toEqual({ code: 'accountBlocked', message: `Too many incorrect attempts, account blocked for ${LOGIN_BLOCK_MINUTES} min.` });
    // A stranger's guessing does not lock the owner out of their own device.
    expect((await loginRequest(member.email, member.password, { ip: '203.0.113.6' })).statusCode).toBe(200);
  });

  it('mails the owner once per block, in their language, with a link from the configured origin', async () => {
    const member = await createMember(t.database.db, { language: 'de', name: 'Greta' });
    for (const ip of ['203.0.113.7', '203.0.113.8']) {
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP; i += 1) await loginRequest(member.email, 'nope', { ip, host: 'localhost:6666' });
    }
    const mails = await outboxMailsTo(path.join(t.dataDir, 'outbox'), member.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain(`Zum Schutz deines Kontos sind diese Versuche jetzt für ${LOGIN_BLOCK_MINUTES} Minuten gesperrt.`);
    expect(mails[0]).toContain('Hallo Greta');
    expect(firstLink(mails[0]!, '/reset-password')).toBe('http://localhost:3000/reset-password');
  });

  it(`blocks the account everywhere after ${LOGIN_MAX_FAILURES_PER_ACCOUNT} failures from many addresses`, async () => {
    const member = await createMember(t.database.db);
    for (let round = 0; round < LOGIN_MAX_FAILURES_PER_ACCOUNT / 10; round += 1) {
      await Promise.all(Array.from({ length: 10 }, () => loginRequest(member.email, 'nope')));
    }
    expect((await loginRequest(member.email, member.password)).statusCode).toBe(429);
    expect(await outboxMailsTo(path.join(t.dataDir, 'outbox'), member.email)).toHaveLength(1);
  });

  it('blocks an address that tries many accounts', async () => {
    const ip = '203.0.113.77';
    const victim = await createMember(t.database.db);
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i += 1) await loginRequest(`guess${i}@example.test`, 'x', { ip });
    const res = await loginRequest(victim.email, victim.password, { ip });
    expect(res.statusCode).toBe(429);
    // The same account from elsewhere still works.
    expect((await loginRequest(victim.email, victim.password)).statusCode).toBe(200);
  });

  it('counts parallel failures exactly (no slipping past the limit)', async () => {
    const member = await createMember(t.database.db);
    const ip = '203.0.113.9';
    const results = await Promise.all(Array.from({ length: LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP + 3 }, () => loginRequest(member.email, 'nope', { ip })));
    expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(3);
    expect((await loginRequest(member.email, member.password, { ip })).statusCode).toBe(429);
  });

  it('replaces the session a request came with (no session fixation)', async () => {
    const member = await createMember(t.database.db);
    const first = sessionCookie(await loginRequest(member.email, member.password))!.value;
    const second = sessionCookie(await loginRequest(member.email, member.password, { cookie: `auth.session=${first}` }))!.value;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost:3000', cookie: `auth.session=${first}` } });
    expect(old.json().user).toBeNull();
  });

  it('does not let deleted accounts log in, nor sessions cross sites', async () => {
    const deleted = await createMember(t.database.db, { status: 'pending_deletion' });
    expect((await loginRequest(deleted.email, deleted.password)).statusCode).toBe(401);
    const member = await createMember(t.database.db);
    const token = sessionCookie(await loginRequest(member.email, member.password))!.value;
    const elsewhere = await t.app.inject({ url: '/api/user.php', headers: { host: 'flirtdate.localhost', cookie: `auth.session=${token}` } });
    expect(elsewhere.json().user).toBeNull();
    // Accounts are per site: the same credentials on another site are unknown there.
    expect((await loginRequest(member.email, member.password, { host: 'flirtdate.localhost' })).statusCode).toBe(401);
  });

  it.each([
    ['no body', undefined],
    ['no password', { email: 'a@b.test' }],
    ['a huge password', { email: 'a@b.test', password: 'x'.repeat(5000) }],
  ])('answers %s with 400', async (_label, payload) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { host: 'localhost:3000', origin, 'content-type': 'application/json' },
      payload: payload === undefined ? '' : JSON.stringify(payload),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('current user, language and logout', () => {
  it('GET /api/user.php answers null for visitors and garbage cookies', async () => {
    for (const cookie of ['', 'auth.session=nonsense', `auth.session=${'a'.repeat(43)}`]) {
      const res = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost', cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
    }
  });

  it('PUT /api/user.php needs a session (403 authentication required) and saves the language', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers: { host: 'localhost:3000', origin, 'content-type': 'application/json' }, payload: { language: 'de' } });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().error.code).toBe('authRequired');
    const member = await createMember(t.database.db);
    const token = sessionCookie(await loginRequest(member.email, member.password))!.value;
    const headers = { host: 'localhost:3000', origin, 'content-type': 'application/json', cookie: `auth.session=${token}` };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers, payload: { language: 'de' } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().user.language).toBe('de');
    expect(saved.cookies.find((c) => c.name === 'i18n_redirected')?.value).toBe('de');
    const bad = await t.app.inject({ method: 'PUT', url: '/api/user.php', headers, payload: { language: 'xx' } });
    expect(bad.statusCode).toBe(400);
  });

  it('records activity (last_active_at, the search order) at most every 5 minutes', async () => {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const member = await createMember(t.database.db, { lastActiveAt: hourAgo });
    const token = sessionCookie(await loginRequest(member.email, member.password))!.value;
    const activeAt = async () => (await t.database.db.select({ at: members.lastActiveAt }).from(members).where(eq(members.id, member.id)))[0]!.at;
    expect(await activeAt()).toEqual(hourAgo);
    const before = Date.now();
    await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost:3000', cookie: `auth.session=${token}` } });
    const first = await activeAt();
    expect(first.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Within five minutes nothing is written again.
    const fourMinutesAgo = new Date(Date.now() - (ACTIVITY_EVERY_MS - 60_000));
    await t.database.db.update(members).set({ lastActiveAt: fourMinutesAgo }).where(eq(members.id, member.id));
    await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost:3000', cookie: `auth.session=${token}` } });
    expect(await activeAt()).toEqual(fourMinutesAgo);
  });

  it('GET /api/logout.php refuses a request from another site (no logout by a foreign link)', async () => {
    const member = await createMember(t.database.db);
    const token = sessionCookie(await loginRequest(member.email, member.password))!.value;
    const res = await t.app.inject({ url: '/api/logout.php', headers: { host: 'localhost:3000', cookie: `auth.session=${token}`, 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
    const still = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost:3000', cookie: `auth.session=${token}` } });
    expect(still.json().user.id).toBe(member.id);
  });

  it('GET /api/logout.php ends the session on the server', async () => {
    const member = await createMember(t.database.db);
    const token = sessionCookie(await loginRequest(member.email, member.password))!.value;
    const out = await t.app.inject({ url: '/api/logout.php', headers: { host: 'localhost:3000', cookie: `auth.session=${token}` } });
    expect(out.statusCode).toBe(200);
    expect(sessionCookie(out)?.value).toBe('');
    const after = await t.app.inject({ url: '/api/user.php', headers: { host: 'localhost:3000', cookie: `auth.session=${token}` } });
    expect(after.json().user).toBeNull();
    expect(await t.database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)))).toHaveLength(0);
  });
});
