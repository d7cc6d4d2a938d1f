import type { TestApp } from './test-app';
import { createMember } from './test-members';

/** The default demo site's host (server/db/seed/demo-sites.ts). */
export const HOST = 'localhost:3000';
let ipCounter = 0;

/** A client address of its own for each caller: the API's rate limits count per address. */
export function nextIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter % 250}`;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The Cookie header of a browser with this session (or none) and language. */
export function browserCookie(session: string | null, lang = 'en'): string {
  return [session ? `auth.session=${session}` : '', `i18n_redirected=${lang}`].filter(Boolean).join('; ');
}

/** API calls as one browser: a session cookie (or none), a language, a client address of its own. */
export function client(t: TestApp, session: string | null, lang = 'en', host = HOST) {
  const ip = nextIp();
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: {
        host,
        origin: `http://${host}`,
        cookie: browserCookie(session, lang),
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

/**
 * A new member, logged in: the member row (with its password), the session, the Cookie
 * header of that browser and a client with its session.
 */
export async function loggedInMember(t: TestApp, overrides: Parameters<typeof createMember>[1] = {}, lang = 'en', host = HOST) {
  const member = await createMember(t.database.db, overrides);
  const session = await logIn(t, member.email, member.password, host);
  return { member, session, cookie: browserCookie(session, lang), api: client(t, session, lang, host) };
}

/**
 * Requests as browsers of a site would send them, each from a new client address unless
 * `ip` names one, with the cookie, host and language given per request.
 */
export function requester(t: TestApp) {
  const headers = (host: string, lang: string, cookie?: string) => ({
    host,
    origin: `http://${host}`,
    cookie: [cookie, `i18n_redirected=${lang}`].filter(Boolean).join('; '),
  });
  return {
    post(url: string, payload: unknown, opts: { cookie?: string; host?: string; lang?: string; ip?: string } = {}) {
      return t.app.inject({
        method: 'POST',
        url,
        remoteAddress: opts.ip ?? nextIp(),
        headers: { ...headers(opts.host ?? HOST, opts.lang ?? 'en', opts.cookie), 'content-type': 'application/json' },
        payload: payload as object,
      });
    },
    get(url: string, opts: { cookie?: string; host?: string; lang?: string } = {}) {
      return t.app.inject({ method: 'GET', url, remoteAddress: nextIp(), headers: headers(opts.host ?? HOST, opts.lang ?? 'en', opts.cookie) });
    },
    /** Logs in and returns the Cookie header value of the new session. */
    async login(member: { email: string; password: string }): Promise<string> {
      return `auth.session=${await logIn(t, member.email, member.password)}`;
    },
  };
}

/** Uploads image bytes as a chat photo, the way the browser does: the bytes are the body. */
export function uploadChatPhoto(t: TestApp, cookie: string, image: Buffer, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/chat-photo.php',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { host: HOST, origin: `http://${HOST}`, 'content-type': 'image/jpeg', cookie },
    payload: image,
  });
}
