import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REACTIVATION_DAYS } from '../../../common/limits';
import { accountDeletionFeedback, emailTokens, members, photos, sessions } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember, demoSiteId } from '../../test-support/test-members';
import { findMemberByEmail, findMemberById } from '../members/account-repository';
import { listTeaserMembers } from '../members/members-repository';
import { requester } from '../../test-support/test-client';
import { outboxMailsTo, outboxOf, reactivationToken } from '../../test-support/outbox';

const t = testAppForFile();
const http = requester(t);
let siteId: number;
beforeAll(async () => {
  siteId = await demoSiteId(t.database.db);
});

const statusOf = async (id: number) => (await findMemberById(t.database.db, id))!;

/** A member with an active main photo, most recently active: first in the home page teaser. */
async function listedMember(overrides: Parameters<typeof createMember>[1] = {}) {
  const db = t.database.db;
  const member = await createMember(db, { lastActiveAt: new Date(Date.now() + 60 * 60 * 1000), emailConfirmedAt: new Date(), ...overrides });
  const [photo] = await db
    .insert(photos)
    .values({ memberId: member.id, filename: 'demo/portraits/a.webp', thumbFilename: 'demo/portraits/a-thumb.webp', width: 400, height: 500, status: 'active' })
    .returning();
  await db.update(members).set({ mainPhotoId: photo!.id }).where(eq(members.id, member.id));
  return member;
}

describe('delete account (POST /api/delete-account.php)', () => {
  it('deletes at once: pending deletion, every session ended, cookie cleared, reactivation mail sent', async () => {
    const member = await listedMember({ language: 'de', name: 'Greta' });
    const cookie = await http.login(member);
    const otherDevice = await http.login(member);
    const before = Date.now();

    const res = await http.post('/api/delete-account.php', { password: member.password, reason: 'taking_break', reason_text: 'back in summer' }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'auth.session');
    expect(cleared?.value).toBe('');

    const row = await statusOf(member.id);
    expect(row.status).toBe('pending_deletion');
    // The reason is kept for the product, anonymously: it survives the purge, the person does not.
    const feedback = await t.database.db.select().from(accountDeletionFeedback).where(eq(accountDeletionFeedback.comment, 'back in summer'));
    expect(feedback).toMatchObject([{ reason: 'taking_break', siteId: member.siteId }]);
    expect(Object.keys(feedback[0]!)).not.toContain('memberId');
    expect(row.deletionRequestedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toHaveLength(0);
    for (const c of [cookie, otherDevice]) expect((await http.get('/api/user.php', { cookie: c })).json().user).toBeNull();

    const [mail] = await outboxMailsTo(outboxOf(t), member.email);
    expect(mail).toContain('Hallo Greta');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('Content-Type: text/plain');
    expect(reactivationToken(mail!)).toMatch(/^[\w-]{43}$/);
    const [token] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.memberId, member.id));
    expect(token!.purpose).toBe('reactivate');
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(REACTIVATION_DAYS * 24 * 60 * 60 * 1000);
  });

  it('changes nothing with a wrong password, and says so in the visitor language', async () => {
    const member = await createMember(t.database.db);
    const cookie = await http.login(member);
    const res = await http.post('/api/delete-account.php', { password: 'not my password' }, { cookie, lang: 'nl' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'wrongPassword', message: 'Het wachtwoord is niet juist.' });
    expect((await statusOf(member.id)).status).toBe('active');
    expect((await http.get('/api/user.php', { cookie })).json().user.id).toBe(member.id);
    expect(await outboxMailsTo(outboxOf(t), member.email)).toHaveLength(0);
  });

  it('answers bad input with 400 and changes nothing', async () => {
    const member = await createMember(t.database.db);
    const cookie = await http.login(member);
    for (const body of [{}, { password: '' }, { password: member.password, reason: 'bored' }, { password: member.password, reason_text: 'x'.repeat(501) }]) {
      const res = await http.post('/api/delete-account.php', body, { cookie });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalidInput');
    }
    expect((await statusOf(member.id)).status).toBe('active');
  });

  it('needs a session (403), and another site is another account', async () => {
    const member = await createMember(t.database.db);
    const logged = await http.post('/api/delete-account.php', { password: member.password });
    expect(logged.statusCode).toBe(403);
    expect(logged.json().error.code).toBe('authRequired');
    const cookie = await http.login(member);
    const elsewhere = await http.post('/api/delete-account.php', { password: member.password }, { cookie, host: 'flirtdate.localhost' });
    expect(elsewhere.statusCode).toBe(403);
    expect((await statusOf(member.id)).status).toBe('active');
  });

  it('counts wrong passwords like failed logins: the account is blocked after five from one address', async () => {
    const member = await createMember(t.database.db);
    const cookie = await http.login(member);
    const ip = '198.18.7.1';
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await http.post('/api/delete-account.php', { password: `guess ${i}` }, { cookie, ip })).statusCode);
    expect(answers.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(answers.slice(4)).toEqual([429, 429]);
    expect((await http.post('/api/delete-account.php', { password: member.password }, { cookie, ip })).statusCode).toBe(429);
    expect((await statusOf(member.id)).status).toBe('active');
  });

  it('deletes once when two requests race', async () => {
    const member = await createMember(t.database.db);
    const cookie = await http.login(member);
    const results = await Promise.all([1, 2].map(() => http.post('/api/delete-account.php', { password: member.password }, { cookie })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.memberId, member.id))).toHaveLength(1);
  });
});

describe('a deleted account', () => {
  it('disappears from the home page teaser and from every member lookup at once', async () => {
    const member = await listedMember();
    const cookie = await http.login(member);
    const ids = async () => (await listTeaserMembers(t.database.db, siteId, 1000)).map((m) => m.id);
    expect(await ids()).toContain(member.id);
    const tilesBefore = await t.app.teaser.tiles(siteId, 12, Date.now() + 10 * 60_000);
    expect(tilesBefore.map((m) => m.id)).toContain(member.id);
    expect((await http.get(`/api/member-card.php?id=${member.id}`)).statusCode).toBe(200);

    expect((await http.post('/api/delete-account.php', { password: member.password }, { cookie })).statusCode).toBe(200);
    expect(await ids()).not.toContain(member.id);
    // The teaser's one-minute cache is dropped by the deletion: the next fill leaves the member out.
    const tilesAfter = await t.app.teaser.tiles(siteId, 12, Date.now() + 10 * 60_000 + 1);
    expect(tilesAfter.map((m) => m.id)).not.toContain(member.id);
    expect((await http.get(`/api/member-card.php?id=${member.id}`)).statusCode).toBe(404);
    // Lookups by session and by address: no session resolves, no login, no reset link.
    expect((await http.get('/api/user.php', { cookie })).json().user).toBeNull();
    expect((await http.post('/api/reset-password.php', { email: member.email })).statusCode).toBe(404);
    expect((await findMemberByEmail(t.database.db, siteId, member.email))?.status).toBe('pending_deletion');
  });

  it('cannot log in: the right password gets the deleted message with the address, a wrong one the usual failure', async () => {
    const member = await createMember(t.database.db);
    const cookie = await http.login(member);
    await http.post('/api/delete-account.php', { password: member.password }, { cookie });

    const right = await http.post('/api/user.php', { email: member.email, password: member.password });
    expect(right.statusCode).toBe(401);
    expect(right.cookies.find((c) => c.name === 'auth.session')).toBeUndefined();
    const message = `The account ${member.email} has been deleted. You can reactivate it within ${REACTIVATION_DAYS} days: we can send you a reactivation link.`;
    expect(right.json().error).toEqual({ code: 'accountDeleted', message, fields: { email: message } });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.memberId, member.id))).toHaveLength(0);

    // Without the password nobody learns that the account exists, deleted or not.
    const wrong = await http.post('/api/user.php', { email: member.email, password: 'not it' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('loginFailed');

    const german = await http.post('/api/user.php', { email: member.email, password: member.password }, { lang: 'de' });
    expect(german.json().error.message).toContain('wurde gelöscht');
  });
});
