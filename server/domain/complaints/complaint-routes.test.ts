import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMPLAINTS_PER_HOUR } from '../../../common/complaints/complaint';
import { complaints } from '../../db/schema';
import { outboxMailsTo } from '../../test-support/outbox';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

const host = 'localhost:3000';
const SUPPORT = 'support@rendezvous.example';
let ip = 0;
const nextIp = () => `192.0.2.${(ip += 1) % 250}`;
const outbox = () => path.join(t.dataDir, 'outbox');

const complain = (payload: object, cookie = 'i18n_redirected=en') =>
  t.app.inject({ method: 'POST', url: '/api/complaint.php', remoteAddress: nextIp(), headers: { host, origin: `http://${host}`, cookie, 'content-type': 'application/json' }, payload });

const logIn = (overrides: Parameters<typeof createMember>[1] = {}) => loggedInMember(t, overrides);

describe('POST /api/complaint.php', () => {
  it("stores a visitor's complaint and mails the sender and the support address", async () => {
    const reported = await createMember(t.database.db);
    const res = await complain({ category: 'fake-profile', text: 'This profile uses stolen photos.', profile_id: reported.id, email: 'visitor-1@example.test' });
    expect(res.statusCode).toBe(200);
    const { id } = res.json() as { id: number };
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, id));
    expect(row).toMatchObject({ email: 'visitor-1@example.test', category: 'fake-profile', profileId: reported.id, reporterId: null, body: 'This profile uses stolen photos.', status: 'open' });
    const [confirmation] = await outboxMailsTo(outbox(), 'visitor-1@example.test');
    expect(confirmation).toContain(`We received your complaint (no. ${id})`);
    expect(confirmation).toContain(`We received a message sent with this e-mail address, number ${id}`);
    // The visitor's address is unproven: nothing they wrote goes to it (no mail relay).
    expect(confirmation).not.toContain('stolen photos');
    expect(confirmation).not.toContain('Fake profile');
    const support = (await outboxMailsTo(outbox(), SUPPORT)).find((m) => m.includes(`Complaint no. ${id}`));
    expect(support).toContain('visitor-1@example.test');
    expect(support).toContain('Fake profile');
    expect(support).toContain(String(reported.id));
  });

  it("uses a member's own address and language, ignoring any other address sent", async () => {
    const { member, cookie } = await logIn({ language: 'de' });
    const res = await complain({ category: 'harassment', text: 'Er schreibt mir ständig beleidigende Nachrichten.', email: 'someone-else@example.test' }, cookie);
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(complaints).where(eq(complaints.id, (res.json() as { id: number }).id));
    expect(row).toMatchObject({ email: member.email, reporterId: member.id, profileId: null });
    expect(await outboxMailsTo(outbox(), 'someone-else@example.test')).toEqual([]);
    const [mail] = await outboxMailsTo(outbox(), member.email);
    expect(mail).toContain('Wir haben deine Beschwerde erhalten');
    // A member's own, confirmed address gets the text back.
    expect(mail).toContain('Er schreibt mir ständig beleidigende Nachrichten.');
  });

  it('answers bad input with translated field messages and stores nothing', async () => {
    const cases: [object, string, string][] = [
      [{ category: 'nonsense', text: 'A long enough complaint text.', email: 'v@example.test' }, 'category', 'Choose a category.'],
      [{ category: 'other', text: 'short', email: 'v@example.test' }, 'text', 'Please describe your complaint in at least 10 characters.'],
      [{ category: 'other', text: 'A long enough complaint text.', email: 'not-an-address' }, 'email', 'Invalid email'],
      [{ category: 'other', text: 'A long enough complaint text.' }, 'email', 'Invalid email'],
      [{ category: 'other', text: 'A long enough complaint text.', email: 'v@example.test', profile_id: 99_999_999 }, 'profile_id', 'This profile number does not exist.'],
      [{ category: 'other', text: 'A long enough complaint text.', email: 'v@example.test', profile_id: 'abc' }, 'profile_id', 'This profile number does not exist.'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await complain(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields[field]).toBe(message);
    }
    const nl = await complain({ category: 'other', text: 'kort', email: 'v@example.test' }, 'i18n_redirected=nl');
    expect(nl.json().error.message).toBe('Beschrijf je klacht in minstens 10 tekens.');
    expect(await t.database.db.select().from(complaints).where(eq(complaints.email, 'v@example.test'))).toEqual([]);
  });

  it(`allows ${COMPLAINTS_PER_HOUR} complaints per hour from one address`, async () => {
    const payload = { category: 'spam-scam', text: 'Spam messages all the time.', email: 'Busy@example.test' };
    for (let i = 0; i < COMPLAINTS_PER_HOUR; i += 1) expect((await complain(payload)).statusCode).toBe(200);
    const refused = await complain({ ...payload, email: 'busy@example.test' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe('You have sent too many complaints. Please try again in an hour.');
    expect((await complain({ ...payload, email: 'calm@example.test' })).statusCode).toBe(200);
  });
});
