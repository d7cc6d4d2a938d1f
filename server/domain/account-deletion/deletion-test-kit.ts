import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestApp } from '../../test-support/test-app';
import { firstLink, outboxMailsTo } from '../../test-support/outbox';

/** Requests as a browser of the default demo site would send them (tests of this folder only). */
export function requester(t: TestApp) {
  let ip = 0;
  const base = (host: string, lang: string, cookie?: string) => ({
    host,
    origin: `http://${host}`,
    cookie: [cookie, `i18n_redirected=${lang}`].filter(Boolean).join('; '),
  });
  return {
    /** From a new client address each time, unless `ip` names one. */
    post(url: string, payload: unknown, opts: { cookie?: string; host?: string; lang?: string; ip?: string } = {}) {
      return t.app.inject({
        method: 'POST',
        url,
        remoteAddress: opts.ip ?? `203.0.113.${(ip += 1) % 250}`,
        headers: { ...base(opts.host ?? 'localhost:3000', opts.lang ?? 'en', opts.cookie), 'content-type': 'application/json' },
        payload: payload as object,
      });
    },
    get(url: string, opts: { cookie?: string; host?: string; lang?: string } = {}) {
      return t.app.inject({ method: 'GET', url, remoteAddress: `203.0.113.${(ip += 1) % 250}`, headers: base(opts.host ?? 'localhost:3000', opts.lang ?? 'en', opts.cookie) });
    },
    /** Logs in and returns the Cookie header value of the new session. */
    async login(member: { email: string; password: string }): Promise<string> {
      const res = await this.post('/api/user.php', { email: member.email, password: member.password });
      const session = res.cookies.find((c) => c.name === 'auth.session');
      if (!session) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
      return `auth.session=${session.value}`;
    },
  };
}

export const outboxOf = (t: TestApp) => path.join(t.dataDir, 'outbox');

/** The mails to `to`, once there are at least `count` (resends are mailed after the answer). */
export async function waitForMails(t: TestApp, to: string, count: number, timeoutMs = 5_000): Promise<string[]> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await outboxMailsTo(outboxOf(t), to);
    if (mails.length >= count || Date.now() > until) return mails;
    await sleep(50);
  }
}

/** The reactivation token of a mail's link. */
export function reactivationToken(mail: string): string {
  return new URL(firstLink(mail, '/account-deleted')).searchParams.get('reactivate')!;
}
