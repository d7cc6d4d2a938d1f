import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { members } from '../../db/schema';
import { redactUrl } from '../../http/request-log';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { client, HOST, loggedInMember, nextIp } from '../../test-support/test-client';
import { createMember } from '../../test-support/test-members';
import { noticeKeysOf, readUnsubscribeToken, unsubscribeToken } from './notice-token';
import { UNSUBSCRIBE_PER_MINUTE } from './unsubscribe-routes';

const t = testAppForFile();
const PATH = '/api/unsubscribe.php';

const stateOf = async (id: number) => {
  const [row] = await t.database.db.select({ optOuts: members.emailOptOuts, disabled: members.notificationsDisabled }).from(members).where(eq(members.id, id));
  return row!;
};

/** What a mail provider sends (RFC 8058): a form-encoded POST, no cookie, no Origin. */
const oneClick = (token: string, payload = 'List-Unsubscribe=One-Click', contentType = 'application/x-www-form-urlencoded', ip = nextIp(), lang?: string) =>
  t.app.inject({
    method: 'POST',
    url: `${PATH}?token=${encodeURIComponent(token)}`,
    remoteAddress: ip,
    headers: { host: HOST, 'content-type': contentType, ...(lang ? { cookie: `i18n_redirected=${lang}` } : {}) },
    payload,
  });

describe('one-click unsubscribe', () => {
  it('turns the link type off and records listunsubscribe, from no session, with the RFC 8058 form body; other types stay on', async () => {
    const member = await createMember(t.database.db, { emailConfirmedAt: new Date() });
    const token = unsubscribeToken(t.app.noticeKeys, { memberId: member.id, type: 'likes' });
    const res = await oneClick(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, type: 'likes' });
    expect(await stateOf(member.id)).toEqual({ optOuts: ['likes'], disabled: ['listunsubscribe'] });
    // Twice changes nothing more; a second type joins the first.
    expect((await oneClick(token)).statusCode).toBe(200);
    const news = unsubscribeToken(t.app.noticeKeys, { memberId: member.id, type: 'news' });
    expect((await oneClick(news, '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n', 'multipart/form-data; boundary=b')).statusCode).toBe(200);
    expect(await stateOf(member.id)).toEqual({ optOuts: ['likes', 'news'], disabled: ['listunsubscribe'] });
  });

  it('shows it on the member notification settings', async () => {
    const { member, api } = await loggedInMember(t, { emailConfirmedAt: new Date() });
    expect((await oneClick(unsubscribeToken(t.app.noticeKeys, { memberId: member.id, type: 'weekly_updates' }))).statusCode).toBe(200);
    const settings = (await api.get('/api/notifications.php')).json<{ email_notifications: Record<string, boolean>; notifications_disabled: string[] }>();
    expect(settings.email_notifications.weekly_updates).toBe(false);
    expect(settings.email_notifications.new_messages).toBe(true);
    expect(settings.notifications_disabled).toEqual(['listunsubscribe']);
  });

  it('changes nothing on GET (it answers the type the page asks about)', async () => {
    const member = await createMember(t.database.db);
    const token = unsubscribeToken(t.app.noticeKeys, { memberId: member.id, type: 'promotions' });
    const res = await client(t, null).get(`${PATH}?token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'promotions' });
    expect(await stateOf(member.id)).toEqual({ optOuts: [], disabled: [] });
  });

  it('refuses a forged or altered token with a translated error and changes nothing', async () => {
    const member = await createMember(t.database.db);
    const good = unsubscribeToken(t.app.noticeKeys, { memberId: member.id, type: 'likes' });
    const other = await createMember(t.database.db);
    const altered = good.replace(`${member.id}.`, `${other.id}.`);
    const otherType = good.replace('.likes.', '.news.');
    const foreign = unsubscribeToken(noticeKeysOf('another deployment secret'), { memberId: member.id, type: 'likes' });
    for (const token of [altered, otherType, foreign, 'garbage', `${good}x`]) {
      const res = await oneClick(token, undefined, undefined, undefined, 'de');
      expect(res.statusCode, token).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'invalidLink', message: t.app.translations.t('de')('unsubscribe:errors.invalidLink') } });
      expect(res.json<{ error: { message: string } }>().error.message).not.toBe(t.app.translations.t('en')('unsubscribe:errors.invalidLink'));
    }
    expect(readUnsubscribeToken(t.app.noticeKeys, altered)).toBeNull();
    // A valid token with the wrong body is bad input too.
    expect((await oneClick(good, 'List-Unsubscribe=Yes')).statusCode).toBe(400);
    expect((await oneClick(good, 'List-Unsubscribe=One-Click', 'text/plain')).statusCode).toBe(400);
    expect(await stateOf(member.id)).toEqual({ optOuts: [], disabled: [] });
    expect(await stateOf(other.id)).toEqual({ optOuts: [], disabled: [] });
  });

  it('is rate-limited per client address', async () => {
    const ip = nextIp();
    const codes: number[] = [];
    for (let i = 0; i <= UNSUBSCRIBE_PER_MINUTE; i += 1) codes.push((await oneClick('forged.likes.AAAAAAAAAAAAAAAAAAAAAA', undefined, undefined, ip)).statusCode);
    expect(codes.slice(0, UNSUBSCRIBE_PER_MINUTE).every((c) => c === 400)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });

  it('keeps the token out of request logs', () => {
    const url = `${PATH}?token=12.likes.secretsecretsecretsecre`;
    expect(redactUrl(url)).not.toContain('secret');
    expect(redactUrl(`/unsubscribe?token=12.likes.secretsecretsecretsecre`)).not.toContain('secret');
  });
});
