import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { REACTIVATION_EMAILS_PER_DAY } from '../../../common/account-deletion/account-deletion-rules';
import { REACTIVATION_DAYS } from '../../../common/limits';
import { emailTokens } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember, demoSiteId } from '../../test-support/test-members';
import { issueEmailToken } from '../auth/email-token-repository';
import { findMemberById } from '../members/account-repository';
import { REACTIVATION_LINK_MINUTES, requestAccountDeletion } from './account-deletion';
import { reactivateAccount } from './reactivation';
import { requester } from '../../test-support/test-client';
import { outboxMailsTo, outboxOf, reactivationToken, waitForMails } from '../../test-support/outbox';

const t = testAppForFile();
const http = requester(t);
let siteId: number;
beforeAll(async () => {
  siteId = await demoSiteId(t.database.db);
});

const DAY = 24 * 60 * 60 * 1000;

/** A member who deleted the account through the API; returns the mailed token. */
async function deletedMember(overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(t.database.db, overrides);
  const cookie = await http.login(member);
  expect((await http.post('/api/delete-account.php', { password: member.password }, { cookie })).statusCode).toBe(200);
  const [mail] = await outboxMailsTo(outboxOf(t), member.email);
  return { member, token: reactivationToken(mail!) };
}

describe('reactivation by the e-mailed link (POST /api/reactivate-do.php)', () => {
  it('restores a confirmed account to active and logs in; the link works once', async () => {
    const { member, token } = await deletedMember({ emailConfirmedAt: new Date('2024-01-01T00:00:00Z') });
    const res = await http.post('/api/reactivate-do.php', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: member.id, status: 'active' });
    const session = res.cookies.find((c) => c.name === 'auth.session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect((await http.get('/api/user.php', { cookie: `auth.session=${session.value}` })).json().user.id).toBe(member.id);
    const row = (await findMemberById(t.database.db, member.id))!;
    expect(row.status).toBe('active');
    expect(row.deletionRequestedAt).toBeNull();

    const again = await http.post('/api/reactivate-do.php', { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'reactivationLinkInvalid', message: 'This reactivation link has expired or was already used. Request a new one below.' });
    // Logging in works again.
    expect((await http.post('/api/user.php', { email: member.email, password: member.password })).statusCode).toBe(200);
  });

  it('restores an unconfirmed account to not_confirmed (deletion is no confirmation)', async () => {
    const { member, token } = await deletedMember({ status: 'not_confirmed', emailConfirmedAt: null });
    const res = await http.post('/api/reactivate-do.php', { token });
    expect(res.statusCode).toBe(200);
    expect((await findMemberById(t.database.db, member.id))!.status).toBe('not_confirmed');
  });

  it('uses up every other reactivation link of the account', async () => {
    const { member, token } = await deletedMember();
    await http.post('/api/reactivate.php', { email: member.email });
    const mails = await waitForMails(t, member.email, 2);
    const second = reactivationToken(mails[1]!);
    expect((await http.post('/api/reactivate-do.php', { token: second })).statusCode).toBe(200);
    expect((await http.post('/api/reactivate-do.php', { token })).statusCode).toBe(400);
  });

  it('refuses a link after 14 days, of another purpose, of another site, and garbage', async () => {
    const db = t.database.db;
    const member = await createMember(db);
    const deleted = await requestAccountDeletion(db, member, { password: member.password, ip: '192.0.2.1' });
    if (!deleted.ok) throw new Error('not deleted');
    const later = new Date(Date.now() + REACTIVATION_DAYS * DAY + 60_000);
    expect(await reactivateAccount(db, siteId, deleted.token, later)).toBeNull();
    expect(REACTIVATION_LINK_MINUTES).toBe(REACTIVATION_DAYS * 24 * 60);

    const { token: activation } = await issueEmailToken(db, { memberId: member.id, purpose: 'activate', validMinutes: 60 });
    const wrongPurpose = await http.post('/api/reactivate-do.php', { token: activation });
    expect(wrongPurpose.statusCode).toBe(400);

    const elsewhere = await http.post('/api/reactivate-do.php', { token: deleted.token }, { host: 'flirtdate.localhost' });
    expect(elsewhere.statusCode).toBe(400);
    for (const bad of [{ token: '' }, { token: 'x'.repeat(201) }, {}]) expect((await http.post('/api/reactivate-do.php', bad)).statusCode).toBe(400);
    expect((await findMemberById(db, member.id))!.status).toBe('pending_deletion');

    // The link refused elsewhere was not used up: on its own site it still works.
    expect((await http.post('/api/reactivate-do.php', { token: deleted.token })).statusCode).toBe(200);
  });

  it('works just before the 14 days are over', async () => {
    const db = t.database.db;
    const member = await createMember(db, { emailConfirmedAt: new Date() });
    const deleted = await requestAccountDeletion(db, member, { password: member.password, ip: '192.0.2.2' });
    if (!deleted.ok) throw new Error('not deleted');
    const almost = new Date(Date.now() + REACTIVATION_DAYS * DAY - 60_000);
    expect((await reactivateAccount(db, siteId, deleted.token, almost))?.status).toBe('active');
  });

  it('reactivates once when the button is pressed twice at the same time', async () => {
    const { member, token } = await deletedMember();
    const results = await Promise.all([1, 2].map(() => http.post('/api/reactivate-do.php', { token })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect((await findMemberById(t.database.db, member.id))!.status).not.toBe('pending_deletion');
  });

  it('replaces a session the browser already had', async () => {
    const other = await createMember(t.database.db);
    const otherCookie = await http.login(other);
    const { member, token } = await deletedMember();
    const res = await http.post('/api/reactivate-do.php', { token }, { cookie: otherCookie });
    expect(res.json().user.id).toBe(member.id);
    expect((await http.get('/api/user.php', { cookie: otherCookie })).json().user).toBeNull();
  });
});

describe('a new reactivation link (POST /api/reactivate.php)', () => {
  it('is mailed in the member language, at most three a day (the deletion mail included)', async () => {
    const { member } = await deletedMember({ language: 'fr', name: 'Chloé' });
    const answers = await Promise.all(Array.from({ length: REACTIVATION_EMAILS_PER_DAY + 2 }, () => http.post('/api/reactivate.php', { email: member.email.toUpperCase() })));
    for (const a of answers) expect(a.json()).toEqual({ ok: true });
    const mails = await waitForMails(t, member.email, REACTIVATION_EMAILS_PER_DAY);
    // Give any excess mail time to appear before counting.
    await new Promise((r) => setTimeout(r, 300));
    expect(await outboxMailsTo(outboxOf(t), member.email)).toHaveLength(REACTIVATION_EMAILS_PER_DAY);
    expect(mails.at(-1)).toContain('Bonjour Chlo');
    expect(await t.database.db.select().from(emailTokens).where(eq(emailTokens.memberId, member.id))).toHaveLength(REACTIVATION_EMAILS_PER_DAY);
  });

  it('answers the same for an unknown, an active and a deleted address, and mails only the deleted one', async () => {
    const active = await createMember(t.database.db);
    const { member: deleted } = await deletedMember();
    const unknown = await http.post('/api/reactivate.php', { email: 'nobody-here@example.test' });
    const forActive = await http.post('/api/reactivate.php', { email: active.email });
    const forDeleted = await http.post('/api/reactivate.php', { email: deleted.email });
    for (const res of [unknown, forActive, forDeleted]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('{"ok":true}');
      expect(res.cookies).toEqual([]);
    }
    expect(await waitForMails(t, deleted.email, 2)).toHaveLength(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(await outboxMailsTo(outboxOf(t), active.email)).toHaveLength(0);
    expect((await findMemberById(t.database.db, active.id))!.status).toBe('active');
  });

  it('answers bad input with 400', async () => {
    for (const body of [{}, { email: 'x' }, { email: 'a'.repeat(300) }]) {
      const res = await http.post('/api/reactivate.php', body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('only sends links of the account of this site', async () => {
    const { member } = await deletedMember();
    await http.post('/api/reactivate.php', { email: member.email }, { host: 'flirtdate.localhost' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await outboxMailsTo(outboxOf(t), member.email)).toHaveLength(1);
  });
});
