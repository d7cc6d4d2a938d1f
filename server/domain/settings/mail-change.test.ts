import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAIL_CHANGE_EMAILS_PER_DAY, MAIL_CHANGE_LINK_MINUTES } from '../../../common/account/mail-change';
import { EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY } from '../../../common/limits';
import { emailTokens, members } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { firstLink, outboxMailsTo, outboxOf } from '../../test-support/outbox';
import { issueEmailToken } from '../auth/email-token-repository';
import { hashToken } from '../auth/sessions';
import { client, logIn, loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

let n = 0;
const freshAddress = () => `new-${(n += 1)}-${Date.now()}@example.test`;
const emailOf = async (id: number) => (await t.database.db.select({ e: members.email }).from(members).where(eq(members.id, id)))[0]!.e;

/** Asks for the change and returns the token of the link mailed to the new address. */
async function requestChange(api: ReturnType<typeof client>, password: string, email: string) {
  const res = await api.post('/api/mail-change.php', { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const mails = await outboxMailsTo(outboxOf(t), email);
  const link = new URL(firstLink(mails.at(-1)!, '/mail-change/do'));
  return { res, link, token: link.searchParams.get('token')!, mail: mails.at(-1)! };
}
const confirm = (token: unknown, host?: string) => client(t, null, 'en', host).post('/api/mail-change-do.php', { token });

describe('POST /api/mail-change.php and /api/mail-change-do.php', () => {
  it('mails a link to the new address and a notice to the old one, in the member language; the link changes the address once', async () => {
    const { member, api } = await loggedInMember(t, { language: 'de', name: 'Greta' });
    const newEmail = freshAddress();
    const { res, link, token, mail } = await requestChange(api, member.password, newEmail);
    expect(res.json().email).toBe(newEmail);
    expect(new Date(res.json().expires_at).getTime()).toBeGreaterThan(Date.now() + (MAIL_CHANGE_LINK_MINUTES - 1) * 60_000);
    expect(link.origin).toBe('http://localhost:3000');
    expect(mail).toContain('Hallo Greta');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('Content-Type: text/plain');
    const notice = (await outboxMailsTo(outboxOf(t), member.email)).at(-1)!;
    expect(notice).toContain(newEmail);
    expect(notice).not.toContain('/mail-change/do');
    // Nothing changes before the link is followed.
    expect(await emailOf(member.id)).toBe(member.email);

    const done = await confirm(token);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ email: newEmail });
    expect(await emailOf(member.id)).toBe(newEmail);
    await expect(logIn(t, newEmail, member.password)).resolves.toBeTruthy();
    await expect(logIn(t, member.email, member.password)).rejects.toThrow();

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'mailChangeLinkInvalid', message: 'This link has expired or is not valid. Please request the change again in your settings.' });
  });

  it('refuses an invalid new address with the spec message (en, de), changing nothing and sending nothing', async () => {
    const { member, session } = await loggedInMember(t);
    for (const [lang, message] of [
      ['en', 'New email adress is invalid.'],
      ['de', 'Die neue E-Mail-Adresse ist ungültig.'],
    ] as const) {
      for (const email of ['not an address', 'someone@localhost', '', `${'a'.repeat(250)}@example.test`]) {
        const res = await client(t, session, lang).post('/api/mail-change.php', { email, password: member.password });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toEqual({ code: 'emailInvalid', message });
      }
    }
    const bad = await client(t, session).post('/api/mail-change.php', { email: 42 });
    expect(bad.statusCode).toBe(400);
    expect(await outboxMailsTo(outboxOf(t), member.email)).toHaveLength(0);
    expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.memberId, member.id))).toHaveLength(0);
  });

  it('refuses an address that already has an account (also in other letter case, also its own) and a wrong password', async () => {
    const { member, api } = await loggedInMember(t);
    const other = await createMember(t.database.db);
    for (const email of [other.email, other.email.toUpperCase(), member.email]) {
      const res = await api.post('/api/mail-change.php', { email, password: member.password });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'emailTaken', message: 'This email address already owns an account on this website.' });
    }
    const wrong = await api.post('/api/mail-change.php', { email: freshAddress(), password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toEqual({ code: 'currentPassword', message: 'Please check your password.' });
    // The address of another member is not revealed without the password.
    const probe = await api.post('/api/mail-change.php', { email: other.email, password: 'not my password' });
    expect(probe.json().error.code).toBe('currentPassword');
    expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.memberId, member.id))).toHaveLength(0);
  });

  it(`answers at most ${EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY} lookups of one address a day, whichever members ask`, async () => {
    const other = await createMember(t.database.db);
    for (let i = 0; i < EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY; i += 1) {
      const { member, api } = await loggedInMember(t);
      expect((await api.post('/api/mail-change.php', { email: other.email, password: member.password })).statusCode).toBe(409);
    }
    const { member, api } = await loggedInMember(t);
    const over = await api.post('/api/mail-change.php', { email: other.email, password: member.password });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe('Too many attempts with this e-mail address, please try again tomorrow.');
  });

  it('needs a session to ask (403), not to confirm', async () => {
    const res = await client(t, null).post('/api/mail-change.php', { email: freshAddress(), password: 'x' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authRequired');
  });

  it(`sends at most ${MAIL_CHANGE_EMAILS_PER_DAY} links a day, and only the last one works`, async () => {
    const { member, api } = await loggedInMember(t);
    const tokens: string[] = [];
    for (let i = 0; i < MAIL_CHANGE_EMAILS_PER_DAY; i += 1) tokens.push((await requestChange(api, member.password, freshAddress())).token);
    const refused = await api.post('/api/mail-change.php', { email: freshAddress(), password: member.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('mailChangeTooMany');
    expect((await confirm(tokens[0])).statusCode).toBe(400);
    expect((await confirm(tokens.at(-1))).statusCode).toBe(200);
  });

  it('refuses expired links, links of another purpose or site, and garbage', async () => {
    const member = await createMember(t.database.db);
    const db = t.database.db;
    const expired = await issueEmailToken(db, { memberId: member.id, purpose: 'mail_change', validMinutes: 60, newEmail: freshAddress(), now: new Date(Date.now() - 2 * 3600_000) });
    const activation = await issueEmailToken(db, { memberId: member.id, purpose: 'activate', validMinutes: 60, newEmail: freshAddress() });
    for (const token of [expired.token, activation.token, 'x', '', 'a'.repeat(1000), 12]) {
      const res = await confirm(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toMatch(/mailChangeLinkInvalid|invalidInput/);
    }
    // The activation link was not used up by the attempt.
    const [row] = await db.select().from(emailTokens).where(eq(emailTokens.tokenHash, hashToken(activation.token)));
    expect(row!.usedAt).toBeNull();

    const valid = await issueEmailToken(db, { memberId: member.id, purpose: 'mail_change', validMinutes: 60, newEmail: freshAddress() });
    const elsewhere = await confirm(valid.token, 'flirtdate.localhost');
    expect(elsewhere.statusCode).toBe(400);
    expect(await emailOf(member.id)).toBe(member.email);
    expect((await confirm(valid.token)).statusCode).toBe(200);
  });

  it('checks again at confirmation that the address is still free', async () => {
    const { member, api } = await loggedInMember(t);
    const wanted = freshAddress();
    const { token } = await requestChange(api, member.password, wanted);
    await createMember(t.database.db, { email: wanted.toUpperCase() });
    const res = await confirm(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('emailTaken');
    expect(await emailOf(member.id)).toBe(member.email);
  });

  it('gives the address to exactly one of two members confirming at the same time', async () => {
    const wanted = freshAddress();
    const a = await loggedInMember(t);
    const b = await loggedInMember(t);
    const linkA = await requestChange(a.api, a.member.password, wanted);
    const linkB = await requestChange(b.api, b.member.password, wanted);
    const results = await Promise.all([confirm(linkA.token), confirm(linkB.token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const owners = await t.database.db.select({ id: members.id }).from(members).where(eq(members.email, wanted));
    expect(owners).toHaveLength(1);
    const loser = results[0]!.statusCode === 409 ? a.member : b.member;
    expect(await emailOf(loser.id)).toBe(loser.email);
  });

  it('clears a bounce stop and confirms the address when the new one is confirmed', async () => {
    const { member, api } = await loggedInMember(t, { notificationsDisabled: ['bounce', 'fbl'] });
    const { token } = await requestChange(api, member.password, freshAddress());
    expect((await confirm(token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row!.notificationsDisabled).toEqual(['fbl']);
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect(row!.status).toBe('active');
  });

  it('activates an account still waiting for its activation link: the new address is confirmed', async () => {
    const { member, api } = await loggedInMember(t, { status: 'not_confirmed', profileStatus: 'disabled', emailConfirmedAt: null });
    const { token } = await requestChange(api, member.password, freshAddress());
    expect((await confirm(token)).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(members).where(eq(members.id, member.id));
    expect(row).toMatchObject({ status: 'active', profileStatus: 'active' });
  });
});
