import path from 'node:path';
import type { TestApp } from '../../test-support/test-app';
import { createMember } from '../../test-support/test-members';

export const HOST = 'localhost:3000';
let ipCounter = 0;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** API calls as one browser: a session cookie (or none), a language, a client address of its own. */
export function client(t: TestApp, session: string | null, lang = 'en', host = HOST) {
  ipCounter += 1;
  const ip = `203.0.113.${ipCounter % 250}`;
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        host,
        origin: `http://${host}`,
        cookie: [session ? `auth.session=${session}` : '', `i18n_redirected=${lang}`].filter(Boolean).join('; '),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload: unknown) => call('POST', url, payload),
    put: (url: string, payload: unknown) => call('PUT', url, payload),
    delete: (url: string, payload: unknown) => call('DELETE', url, payload),
  };
}

/** Logs in and returns the session token. */
export async function logIn(t: TestApp, email: string, password: string, host = HOST): Promise<string> {
  const res = await client(t, null, 'en', host).post('/api/user.php', { email, password });
  const cookie = res.cookies.find((c) => c.name === 'auth.session');
  if (res.statusCode !== 200 || !cookie) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return cookie.value;
}

/** A new member, logged in: the member row, its password and a client with its session. */
export async function loggedInMember(t: TestApp, overrides: Parameters<typeof createMember>[1] = {}, lang = 'en') {
  const member = await createMember(t.database.db, overrides);
  const session = await logIn(t, member.email, member.password);
  return { member, session, api: client(t, session, lang) };
}

export const outboxDir = (t: TestApp) => path.join(t.dataDir, 'outbox');
