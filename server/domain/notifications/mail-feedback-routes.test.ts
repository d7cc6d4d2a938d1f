import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { HOST, nextIp } from '../../test-support/test-client';
import { createMember } from '../../test-support/test-members';
import { mailReport } from '../../test-support/mail-reports';
import { NOTICE_HEADER, noticeHeaderValue } from './notice-token';

const TOKEN = 'a-mail-feedback-token-of-forty-characters!';
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

// The app of this file logs at info level into logLines, to show the token never reaches a log.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ MAIL_FEEDBACK_TOKEN: TOKEN, LOG_LEVEL: 'info' }, { logStream });
});
afterAll(async () => t.close());

/** Posts a raw message the way a mail server's hook does: no Origin, no cookie, the token as a bearer. */
function post(app: TestApp, body: string, opts: { token?: string | null; type?: string; ip?: string } = {}) {
  const token = opts.token === undefined ? TOKEN : opts.token;
  return app.app.inject({
    method: 'POST',
    url: '/api/mail-feedback.php',
    remoteAddress: opts.ip ?? nextIp(),
    headers: { host: HOST, 'content-type': opts.type ?? 'message/rfc822', ...(token === null ? {} : { authorization: `Bearer ${token}` }) },
    payload: body,
  });
}

async function disabledOf(memberId: number): Promise<string[]> {
  const [row] = await t.database.db.select({ disabled: members.notificationsDisabled }).from(members).where(eq(members.id, memberId));
  return row!.disabled;
}

describe('POST /api/mail-feedback.php', () => {
  it('records a hard bounce and a spam complaint, once each', async () => {
    const member = await createMember(t.database.db, { email: `door-${Date.now()}@example.net` });
    const bounce = await post(t, mailReport('postfix-5.1.1-user-unknown.eml', member.email));
    expect(bounce.statusCode, bounce.body).toBe(200);
    expect(bounce.json()).toEqual({ outcome: 'recorded', reason: 'bounce', members: 1 });
    expect((await post(t, mailReport('postfix-5.1.1-user-unknown.eml', member.email))).json()).toEqual({ outcome: 'already_recorded', reason: 'bounce', members: 0 });
    expect((await post(t, mailReport('arf-abuse-rfc5965.eml', member.email))).json()).toEqual({ outcome: 'recorded', reason: 'fbl', members: 1 });
    expect(await disabledOf(member.id)).toEqual(['bounce', 'fbl']);
  });

  it("finds the member of a complaint by the notice header of our mail where the provider redacted the recipient", async () => {
    const member = await createMember(t.database.db, { email: `noticed-${Date.now()}@outlook.example` });
    const header = `${NOTICE_HEADER}: ${noticeHeaderValue(t.app.noticeKeys, { memberId: member.id, type: 'likes' })}`;
    const raw = mailReport('arf-abuse-yahoo.eml', 'redacted@redacted.example')
      .replace(/Original-Rcpt-To: .*\n/, '')
      .replace('From: Rendezvous <support@rendezvous.example>', `${header}\nFrom: Rendezvous <support@rendezvous.example>`);
    expect((await post(t, raw)).json()).toEqual({ outcome: 'recorded', reason: 'fbl', members: 1 });
    expect(await disabledOf(member.id)).toEqual(['fbl']);
  });

  it('changes nothing without the token, with a wrong one, or for another scheme, and says why', async () => {
    const member = await createMember(t.database.db, { email: `guarded-${Date.now()}@example.net` });
    const raw = mailReport('postfix-5.1.1-user-unknown.eml', member.email);
    for (const token of [null, 'wrong', `${TOKEN}x`, TOKEN.slice(0, -1)]) {
      const res = await post(t, raw, { token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'badToken', message: 'The token is missing or wrong.' } });
    }
    const basic = await t.app.inject({ method: 'POST', url: '/api/mail-feedback.php', remoteAddress: nextIp(), headers: { host: HOST, 'content-type': 'message/rfc822', authorization: `Basic ${TOKEN}` }, payload: raw });
    expect(basic.statusCode).toBe(401);
    expect(await disabledOf(member.id)).toEqual([]);
  });

  it('answers what is no report, another content type, an unknown address and a soft bounce clearly, changing nothing', async () => {
    const member = await createMember(t.database.db, { email: `soft-${Date.now()}@example.org` });
    const notAReport = await post(t, 'Subject: hello\n\nJust a mail.\n');
    expect(notAReport.statusCode).toBe(400);
    expect(notAReport.json().error.code).toBe('notAReport');
    expect((await post(t, mailReport('postfix-5.1.1-user-unknown.eml', member.email), { type: 'application/json' })).statusCode).toBe(415);
    expect((await post(t, mailReport('postfix-5.1.1-user-unknown.eml', `nobody-${Date.now()}@example.net`))).json()).toEqual({ outcome: 'unknown_recipient', reason: 'bounce', members: 0 });
    expect((await post(t, mailReport('postfix-4.2.2-mailbox-full.eml', member.email))).json()).toEqual({ outcome: 'ignored', reason: null, members: 0 });
    expect(await disabledOf(member.id)).toEqual([]);
  });

  it('refuses a message over the size limit', async () => {
    const raw = mailReport('postfix-5.1.1-user-unknown.eml') + 'x'.repeat(1024 * 1024);
    expect((await post(t, raw)).statusCode).toBe(413);
  });

  it('answers in the language asked for', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/mail-feedback.php', remoteAddress: nextIp(), headers: { host: HOST, 'content-type': 'message/rfc822', cookie: 'i18n_redirected=de' }, payload: 'x' });
    expect(res.json().error.message).toBe('Das Token fehlt oder ist falsch.');
  });

  it('limits the rate per client address', async () => {
    const ip = nextIp();
    let last = 0;
    for (let i = 0; i < 301; i += 1) last = (await post(t, 'x', { token: 'wrong', ip })).statusCode;
    expect(last).toBe(429);
  });

  it('never writes the token to the log', async () => {
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join('\n')).not.toContain(TOKEN);
  });
});

describe('without MAIL_FEEDBACK_TOKEN', () => {
  it('the door does not exist', async () => {
    const app = await createTestApp();
    try {
      const res = await post(app, mailReport('postfix-5.1.1-user-unknown.eml'));
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('notFound');
    } finally {
      await app.close();
    }
  });
});
