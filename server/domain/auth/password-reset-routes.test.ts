import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY, PASSWORD_RESET_EMAILS_PER_DAY } from '../../../common/limits';
import { createTestApp } from '../../test-support/test-app';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { firstLink, outboxMailsTo } from '../../test-support/outbox';

const t = testAppForFile();

const host = 'localhost:3000';
let ip = 0;
function post(url: string, payload: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress: `192.0.2.${(ip += 1) % 250}`,
    headers: { host, origin: `http://${host}`, 'content-type': 'application/json', cookie: 'i18n_redirected=en', ...headers },
    payload: payload as object,
  });
}
const outbox = () => path.join(t.dataDir, 'outbox');

async function requestLink(email: string, headers: Record<string, string> = {}) {
  const res = await post('/api/reset-password.php', { email }, headers);
  expect(res.statusCode).toBe(200);
  const mails = await outboxMailsTo(outbox(), email);
  const link = new URL(firstLink(mails.at(-1)!, '/reset-password/do'));
  return { link, token: link.searchParams.get('token')!, mail: mails.at(-1)! };
}

describe('password reset', () => {
  it('mails a link in the member language and sets the new password with it, once', async () => {
    const member = await createMember(t.database.db, { language: 'nl', name: 'Sanne' });
    const session = await post('/api/user.php', { email: member.email, password: member.password });
    const oldSession = session.cookies.find((c) => c.name === 'auth.session')!.value;

    const { link, token, mail } = await requestLink(member.email);
    expect(link.origin).toBe(`http://${host}`);
    expect(mail).toContain('Hallo Sanne');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');

    const done = await post('/api/reset-password-do.php', { token, password: 'a new secret 42', password_confirmation: 'a new secret 42' });
    expect(done.statusCode).toBe(200);
    expect((await post('/api/user.php', { email: member.email, password: member.password })).statusCode).toBe(401);
    expect((await post('/api/user.php', { email: member.email, password: 'a new secret 42' })).statusCode).toBe(200);
    // Whoever was logged in with the old password is logged out.
    const old = await t.app.inject({ url: '/api/user.php', headers: { host, cookie: `auth.session=${oldSession}` } });
    expect(old.json().user).toBeNull();

    const again = await post('/api/reset-password-do.php', { token, password: 'another secret 1', password_confirmation: 'another secret 1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'resetLinkInvalid', message: 'Link expired or invalid, request a new email' });
  });

  it('says so when the e-mail address is unknown', async () => {
    const res = await post('/api/reset-password.php', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toEqual({ code: 'emailNotFound', message: 'E-mail address not found' });
  });

  it(`sends at most ${PASSWORD_RESET_EMAILS_PER_DAY} mails a day, also to parallel requests`, async () => {
    const member = await createMember(t.database.db);
    const results = await Promise.all(Array.from({ length: PASSWORD_RESET_EMAILS_PER_DAY + 3 }, () => post('/api/reset-password.php', { email: member.email })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(PASSWORD_RESET_EMAILS_PER_DAY);
    const refused = results.find((r) => r.statusCode === 429)!;
    expect(refused.json().error.message).toBe('Too many password reset emails sent, please try again tomorrow.');
    expect(await outboxMailsTo(outbox(), member.email)).toHaveLength(PASSWORD_RESET_EMAILS_PER_DAY);
  });

  it(`answers at most ${EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY} lookups of one address a day, from any client address, found or not`, async () => {
    // post() sends every request from another client address: only the count per address looked up holds.
    for (const email of ['probe-nobody@example.test', (await createMember(t.database.db)).email]) {
      for (let i = 0; i < EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY; i += 1) expect([200, 404, 429]).toContain((await post('/api/reset-password.php', { email })).statusCode);
      const over = await post('/api/reset-password.php', { email: email.toUpperCase() });
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('resetTooMany');
    }
    expect((await post('/api/reset-password.php', { email: 'probe-other@example.test' })).statusCode).toBe(404);
  });

  it('checks the passwords match and are long enough before using the link', async () => {
    const member = await createMember(t.database.db);
    const { token } = await requestLink(member.email);
    const differ = await post('/api/reset-password-do.php', { token, password: 'abcdefgh1', password_confirmation: 'abcdefgh2' });
    expect(differ.json().error).toEqual({ code: 'passwordsDiffer', message: 'The entered passwords are not the same.' });
    const short = await post('/api/reset-password-do.php', { token, password: 'short', password_confirmation: 'short' });
    expect(short.json().error.code).toBe('passwordTooShort');
    const empty = await post('/api/reset-password-do.php', { token, password: '', password_confirmation: '' });
    expect(empty.json().error.code).toBe('passwordTooShort');
    // Neither attempt used the link up.
    expect((await post('/api/reset-password-do.php', { token, password: 'long enough 1', password_confirmation: 'long enough 1' })).statusCode).toBe(200);
  });

  it('never links to a forged Host', async () => {
    const member = await createMember(t.database.db);
    const { link } = await requestLink(member.email, { host: 'evil.example', origin: 'http://evil.example' });
    expect(link.origin).toBe('http://localhost:3000');
  });

  it('builds the link from PUBLIC_ORIGIN and the site host, never from the Host port or X-Forwarded-Proto', async () => {
    const member = await createMember(t.database.db);
    const { link } = await requestLink(member.email, { host: 'localhost:6666', origin: 'http://localhost:6666' });
    expect(link.origin).toBe('http://localhost:3000');
    const flirt = await createMember(t.database.db, { siteKey: 'flirtdate' });
    const { link: flirtLink } = await requestLink(flirt.email, { host: 'flirtdate.localhost:6666', origin: 'http://flirtdate.localhost:6666' });
    expect(flirtLink.origin).toBe('http://flirtdate.localhost:3000');

    // Behind a proxy: the forwarded scheme is the client's word too.
    const proxied = await createTestApp({ TRUST_PROXY: true, PUBLIC_ORIGIN: 'https://{host}' });
    try {
      const other = await createMember(proxied.database.db);
      const res = await proxied.app.inject({
        method: 'POST',
        url: '/api/reset-password.php',
        remoteAddress: '192.0.2.77',
        headers: { host: 'localhost:8080', origin: 'http://localhost:8080', 'x-forwarded-proto': 'http', 'content-type': 'application/json', cookie: 'i18n_redirected=en' },
        payload: { email: other.email },
      });
      expect(res.statusCode).toBe(200);
      const mails = await outboxMailsTo(path.join(proxied.dataDir, 'outbox'), other.email);
      expect(new URL(firstLink(mails.at(-1)!, '/reset-password/do')).origin).toBe('https://localhost');
    } finally {
      await proxied.close();
    }
  });

  it('refuses a link of another site and garbage tokens', async () => {
    const member = await createMember(t.database.db);
    const { token } = await requestLink(member.email);
    const elsewhere = await post('/api/reset-password-do.php', { token, password: 'long enough 1', password_confirmation: 'long enough 1' }, { host: 'flirtdate.localhost', origin: 'http://flirtdate.localhost' });
    expect(elsewhere.statusCode).toBe(400);
    for (const bad of ['x', 'a'.repeat(199)]) {
      expect((await post('/api/reset-password-do.php', { token: bad, password: 'long enough 1', password_confirmation: 'long enough 1' })).statusCode).toBe(400);
    }
    expect((await post('/api/reset-password-do.php', { token: 'a'.repeat(500), password: 'x', password_confirmation: 'x' })).statusCode).toBe(400);
  });
});
