import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { firstLink, outboxMailsTo } from '../../test-support/outbox';
import { conversations, creditEntries, members, messages, sites } from '../../db/schema';
import { encodeVisit, newVisit, VISIT_COOKIE } from '../visits/visit-cookie';
import { ACTIVATION_MAILS_PER_DAY } from './activation';
import { ACTIVATION_MAILS_PER_ADDRESS_PER_DAY, EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY } from '../../../common/limits';
import { eventsAfter } from '../member-events/member-events-repository';
import type { BusMessage } from '../../realtime/live-bus';
import { unreadTotalsOff } from '../../test-support/unread-totals';

const t = testAppForFile();
// Every write of these tests keeps the members' unread totals (decision 0011).
afterEach(async () => expect(await unreadTotalsOff(t.database)).toEqual([]));

const host = 'localhost:3000';
let ip = 0;
let n = 0;
function call(method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method,
    url,
    remoteAddress: `198.51.100.${(ip += 1) % 250}`,
    headers: { host, origin: `http://${host}`, cookie: 'i18n_redirected=en', ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const outbox = () => path.join(t.dataDir, 'outbox');

function signupBody(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    email: `new${n}-${Date.now()}@example.test`,
    name: `Newbie${n}`,
    password: 'a long enough secret',
    date_of_birth: '1994-03-09',
    gender: 'male',
    sexuality: 'hetero',
    country: 'NL',
    region: 'NH',
    city: 'Haarlem',
    about: 'Hello there',
    interests: ['hiking', 'wine'],
    ...overrides,
  };
}

const sessionOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'auth.session')?.value;
async function membersWithEmail(email: string) {
  const [row] = await t.database.db.select({ n: count() }).from(members).where(eq(members.email, email));
  return row?.n ?? 0;
}
async function activationToken(email: string): Promise<string> {
  const mails = await outboxMailsTo(outbox(), email);
  return new URL(firstLink(mails.at(-1)!, '/activate/done')).searchParams.get('token')!;
}

describe('POST /api/signup.php', () => {
  it('creates an unconfirmed account, logs it in, credits the signup bonus once and mails the activation link', async () => {
    const body = signupBody();
    const res = await call('POST', '/api/signup.php', body);
    expect(res.statusCode).toBe(200);
    const user = res.json().user;
    expect(user).toMatchObject({ email: body.email, status: 'not_confirmed', credits: 20, paid_user: false, language: 'en' });
    expect(user.profile).toMatchObject({ name: body.name, gender: 'male', country: 'NL', region: 'NH', city: 'Haarlem', status: 'disabled', interests: ['hiking', 'wine'] });
    const session = sessionOf(res);
    expect(session).toBeTruthy();
    const me = await call('GET', '/api/user.php', undefined, { cookie: `auth.session=${session}` });
    expect(me.json().user.id).toBe(user.id);
    const [ledger] = await t.database.db.select({ n: count() }).from(creditEntries).where(eq(creditEntries.memberId, user.id));
    expect(ledger?.n).toBe(1);
    const mails = await outboxMailsTo(outbox(), body.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Confirm your e-mail address');
    expect(mails[0]).not.toContain(body.password);
  });

  it('answers every validation rule with its own message and creates nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'anna@example.test', name: 'anna@example.test' }, 'name', 'Username may not be the same as your e-mail address'],
      [{ name: '@anna' }, 'name', 'Username may not start with @'],
      [{ email: 'anna@gmial' }, 'email', 'Invalid email'],
      [{ date_of_birth: new Date(Date.now() - 17 * 366 * 86400000).toISOString().slice(0, 10) }, 'date_of_birth', 'Enter your date of birth (18+)'],
      [{ date_of_birth: '1990-02-30' }, 'date_of_birth', 'Enter your date of birth (18+)'],
      [{ password: 'short' }, 'password', 'Your password needs at least 8 characters.'],
      [{ country: 'JP', region: null }, 'country', 'Choose the country you live in.'],
      [{ region: 'XX' }, 'region', 'Choose your region from the list.'],
    ];
    for (const [overrides, field, message] of cases) {
      const body = signupBody(overrides);
      const res = await call('POST', '/api/signup.php', body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.fields).toEqual({ [field]: message });
      expect(sessionOf(res)).toBeUndefined();
      expect(await membersWithEmail(body.email)).toBe(0);
    }
  });

  it('starts promotions off unless the member consented at signup, every other mail type on', async () => {
    const without = signupBody();
    const session = sessionOf(await call('POST', '/api/signup.php', without));
    const settings = await call('GET', '/api/notifications.php', undefined, { cookie: `auth.session=${session}; i18n_redirected=en` });
    expect(settings.json().email_notifications).toEqual({ new_conversations: true, new_messages: true, likes: true, unread_reminders: true, promotions: false, weekly_updates: true, news: true, reminders: true });
    const consented = signupBody({ promotions: true });
    expect((await call('POST', '/api/signup.php', consented)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ optOuts: members.emailOptOuts }).from(members).where(eq(members.email, consented.email));
    expect(row?.optOuts).toEqual([]);
    const bad = signupBody({ promotions: 'yes' });
    expect((await call('POST', '/api/signup.php', bad)).statusCode).toBe(400);
    expect(await membersWithEmail(bad.email)).toBe(0);
  });

  it('rejects malformed bodies with the generic invalid-input answer', async () => {
    const res = await call('POST', '/api/signup.php', { ...signupBody(), gender: 'robot' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalidInput');
  });

  it('speaks the visitor language', async () => {
    const res = await call('POST', '/api/signup.php', signupBody({ name: '@anna' }), { cookie: 'i18n_redirected=de' });
    expect(res.json().error.message).not.toBe('Username may not start with @');
    expect(res.json().error.message).toContain('@');
  });

  it('refuses an address that already has an account, and points a deleted one to reactivation', async () => {
    const existing = await createMember(t.database.db);
    const res = await call('POST', '/api/signup.php', signupBody({ email: existing.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'accountExists', message: 'An account with this e-mail address already exists' });

    const deleted = await createMember(t.database.db, { status: 'pending_deletion', deletionRequestedAt: new Date() });
    const again = await call('POST', '/api/signup.php', signupBody({ email: deleted.email }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('accountDeleted');
    expect(again.json().error.message).toContain('reactivate');
  });

  it(`answers at most ${EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY} signups with one address a day, from any client address`, async () => {
    const existing = await createMember(t.database.db);
    // call() sends every request from another client address: only the count per address holds.
    for (let i = 0; i < EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY; i += 1) expect((await call('POST', '/api/signup.php', signupBody({ email: existing.email }))).statusCode).toBe(409);
    const over = await call('POST', '/api/signup.php', signupBody({ email: existing.email }));
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe('Too many attempts with this e-mail address, please try again tomorrow.');
    expect(await membersWithEmail(existing.email)).toBe(1);
  });

  it('makes one account and one credit grant of two simultaneous submits', async () => {
    const body = signupBody();
    const results = await Promise.all([call('POST', '/api/signup.php', body), call('POST', '/api/signup.php', body), call('POST', '/api/signup.php', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await membersWithEmail(body.email)).toBe(1);
    const [member] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.email, body.email));
    const grants = await t.database.db.select().from(creditEntries).where(eq(creditEntries.memberId, member!.id));
    expect(grants).toHaveLength(1);
  });

  it('delivers the first message of step 0 to a listed member, live and stored, and refuses an unlisted one without creating anything', async () => {
    const recipient = await createMember(t.database.db, { gender: 'female' });
    // The member written to is online: the message reaches their tabs at once.
    const live: BusMessage[] = [];
    const unsubscribe = t.app.liveBus.subscribe(recipient.id, (m) => live.push(m));
    const body = signupBody({ signup_message: { member_id: recipient.id, text: 'Hi! Your profile made me smile.' } });
    const res = await call('POST', '/api/signup.php', body);
    unsubscribe();
    expect(res.statusCode).toBe(200);
    const senderId = res.json().user.id as number;
    const [conversation] = await t.database.db.select().from(conversations).where(and(eq(conversations.memberLowId, Math.min(senderId, recipient.id)), eq(conversations.memberHighId, Math.max(senderId, recipient.id))));
    expect(conversation?.startedBy).toBe(senderId);
    const sent = await t.database.db.select().from(messages).where(eq(messages.conversationId, conversation!.id));
    expect(sent).toMatchObject([{ senderId, body: 'Hi! Your profile made me smile.', kind: 'text' }]);
    const received = { kind: 'message', conversation_unread: 1, total_unread_messages: 1, message: { id: sent[0]!.id, conversation: conversation!.id, mine: false, text: 'Hi! Your profile made me smile.', state: 'read' }, profile: { id: senderId } };
    expect(live).toMatchObject([{ type: 'event', seq: 1, event: received }]);
    // Stored too: a tab that reconnects later receives it; the sender's own tabs get theirs.
    expect(await eventsAfter(t.database.db, recipient.id, 0)).toMatchObject({ reset: false, events: [{ seq: 1, event: received }] });
    expect(await eventsAfter(t.database.db, senderId, 0)).toMatchObject({ reset: false, events: [{ seq: 1, event: { kind: 'message', message: { id: sent[0]!.id, mine: true, client_id: 'signup', state: 'sent' }, profile: { id: recipient.id } } }] });

    const hidden = await createMember(t.database.db, { invisible: true });
    const refused = signupBody({ signup_message: { member_id: hidden.id, text: 'Hello' } });
    const no = await call('POST', '/api/signup.php', refused);
    expect(no.statusCode).toBe(404);
    expect(no.json().error.code).toBe('recipientUnavailable');
    expect(await membersWithEmail(refused.email)).toBe(0);
  });

  it('follows the site signups setting: invite only, or only with a traffic source', async () => {
    const [site] = await t.database.db.select().from(sites).where(eq(sites.key, 'flirtdate'));
    const flirt = { host: 'flirtdate.localhost', origin: 'http://flirtdate.localhost' };
    const setSignups = async (signups: string) => {
      await t.database.db.update(sites).set({ settings: { ...site!.settings, signups } }).where(eq(sites.id, site!.id));
      await t.app.sites.reload();
    };
    try {
      await setSignups('invite');
      const closed = await call('POST', '/api/signup.php', signupBody(), flirt);
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error.message).toBe('Use your invite link or try later.');

      await setSignups('with_trafficsource');
      expect((await call('POST', '/api/signup.php', signupBody(), flirt)).statusCode).toBe(403);
      const visit = t.app.signCookie(encodeVisit(newVisit('/', false, { network: 'partner7', sub1: 'spring' })));
      const body = signupBody();
      const tracked = await call('POST', '/api/signup.php', body, { ...flirt, cookie: `i18n_redirected=en; ${VISIT_COOKIE}=${visit}` });
      expect(tracked.statusCode).toBe(200);
      const [row] = await t.database.db.select({ tracking: members.signupTracking }).from(members).where(eq(members.email, body.email));
      expect(row?.tracking).toEqual({ network: 'partner7', sub1: 'spring' });
      // A forged (unsigned) visit cookie is no invite.
      const forged = encodeVisit(newVisit('/', false, { network: 'x' }));
      expect((await call('POST', '/api/signup.php', signupBody(), { ...flirt, cookie: `${VISIT_COOKIE}=${forged}` })).statusCode).toBe(403);
    } finally {
      await setSignups('all');
    }
  });
});

describe('signup rate limit', () => {
  it('refuses more than SIGNUP_RATE_LIMIT_MAX signups a minute from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < t.app.config.SIGNUP_RATE_LIMIT_MAX + 1; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signup.php',
        remoteAddress: '203.0.113.77',
        headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie: 'i18n_redirected=en' },
        payload: { ...signupBody(), name: '@bad' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, -1).every((code) => code === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('activation', () => {
  async function signUp() {
    const body = signupBody();
    const res = await call('POST', '/api/signup.php', body);
    expect(res.statusCode).toBe(200);
    return { body, cookie: `auth.session=${sessionOf(res)}`, id: res.json().user.id as number };
  }

  it('confirms the address with the mailed link; a second click still counts as done', async () => {
    const { body, cookie } = await signUp();
    const token = await activationToken(body.email);
    expect((await call('POST', '/api/activate.php', { token })).statusCode).toBe(200);
    const me = await call('GET', '/api/user.php', undefined, { cookie });
    expect(me.json().user).toMatchObject({ status: 'active', profile: { status: 'active' } });
    expect((await call('POST', '/api/activate.php', { token })).statusCode).toBe(200);
  });

  it('links the activation mail to the configured origin, whatever port the Host header names', async () => {
    const body = signupBody();
    const res = await call('POST', '/api/signup.php', body, { host: 'localhost:6666', origin: 'http://localhost:6666' });
    expect(res.statusCode).toBe(200);
    const mails = await outboxMailsTo(outbox(), body.email);
    expect(new URL(firstLink(mails.at(-1)!, '/activate/done')).origin).toBe('http://localhost:3000');
  });

  it("answers 'Activation failed' for an unknown token or another site's link", async () => {
    const bad = await call('POST', '/api/activate.php', { token: 'not-a-real-token' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Activation failed');
    const { body } = await signUp();
    const token = await activationToken(body.email);
    const elsewhere = await call('POST', '/api/activate.php', { token }, { host: 'flirtdate.localhost', origin: 'http://flirtdate.localhost' });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('sends the link again on request, up to the daily limit, and only to unconfirmed members', async () => {
    expect((await call('POST', '/api/activation-mail.php')).statusCode).toBe(403);
    const { body, cookie } = await signUp();
    for (let i = 1; i < ACTIVATION_MAILS_PER_DAY; i += 1) expect((await call('POST', '/api/activation-mail.php', undefined, { cookie })).statusCode).toBe(200);
    const over = await call('POST', '/api/activation-mail.php', undefined, { cookie });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe('Too many activation e-mails sent, please try again tomorrow.');
    expect(await outboxMailsTo(outbox(), body.email)).toHaveLength(ACTIVATION_MAILS_PER_DAY);

    const confirmed = await createMember(t.database.db);
    const login = await call('POST', '/api/user.php', { email: confirmed.email, password: confirmed.password });
    const done = await call('POST', '/api/activation-mail.php', undefined, { cookie: `auth.session=${sessionOf(login)}` });
    expect(done.statusCode).toBe(409);
  });

  it(`mails one address at most ${ACTIVATION_MAILS_PER_ADDRESS_PER_DAY} activation links a day, whichever accounts re-target it`, async () => {
    const victim = `victim-${Date.now()}@example.test`;
    for (let i = 0; i < ACTIVATION_MAILS_PER_ADDRESS_PER_DAY; i += 1) {
      const { cookie } = await signUp();
      expect((await call('PUT', '/api/signup-email.php', { email: victim }, { cookie })).statusCode).toBe(200);
      // Moves on, so that the next throwaway account can name the address again.
      expect((await call('PUT', '/api/signup-email.php', { email: `away-${i}-${victim}` }, { cookie })).statusCode).toBe(200);
    }
    const { body, cookie } = await signUp();
    const over = await call('PUT', '/api/signup-email.php', { email: victim }, { cookie });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toBe('Too many activation e-mails sent, please try again tomorrow.');
    expect(await outboxMailsTo(outbox(), victim)).toHaveLength(ACTIVATION_MAILS_PER_ADDRESS_PER_DAY);
    // Refused before anything changed: the account keeps its address.
    expect((await call('GET', '/api/user.php', undefined, { cookie })).json().user.email).toBe(body.email);
  });

  it('corrects a mistyped address before confirmation; the old link stops working', async () => {
    const { body, cookie } = await signUp();
    const oldToken = await activationToken(body.email);
    const taken = await createMember(t.database.db);
    expect((await call('PUT', '/api/signup-email.php', { email: taken.email }, { cookie })).statusCode).toBe(409);
    const invalid = await call('PUT', '/api/signup-email.php', { email: 'nope@' }, { cookie });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe('Invalid email');

    const fixed = `fixed-${Date.now()}@example.test`;
    const res = await call('PUT', '/api/signup-email.php', { email: fixed }, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(fixed);
    expect((await call('POST', '/api/activate.php', { token: oldToken })).statusCode).toBe(400);
    expect((await call('POST', '/api/activate.php', { token: await activationToken(fixed) })).statusCode).toBe(200);
    expect((await call('PUT', '/api/signup-email.php', { email: `again-${fixed}` }, { cookie })).statusCode).toBe(409);
  });
});

describe('GET /api/member-card.php', () => {
  it('shows a listed member of this site, and nothing of hidden, unconfirmed or foreign ones', async () => {
    const listed = await createMember(t.database.db, { name: 'Carla', city: 'Utrecht' });
    const res = await call('GET', `/api/member-card.php?id=${listed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: listed.id, name: 'Carla', city: 'Utrecht', photo: null });
    expect(JSON.stringify(res.json())).not.toContain(listed.email);
    const hidden = [
      await createMember(t.database.db, { invisible: true }),
      await createMember(t.database.db, { status: 'not_confirmed', profileStatus: 'disabled' }),
      await createMember(t.database.db, { status: 'pending_deletion' }),
      await createMember(t.database.db, { siteKey: 'flirtdate' }),
    ];
    for (const member of hidden) expect((await call('GET', `/api/member-card.php?id=${member.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/member-card.php?id=abc')).statusCode).toBe(400);
  });
});
