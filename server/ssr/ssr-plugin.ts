import { randomBytes } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../common/i18n/locale-resolution';
import { parseTracking } from '../../common/marketing/tracking';
import { pageCsp } from '../plugins/security-headers';
import { presentCompany, presentSettings } from '../domain/sites/site-presenter';
import { SELECTED_COUNTRY_COOKIE } from '../domain/sites/visitor';
import { encodeVisit, newVisit, VISIT_COOKIE } from '../domain/visits/visit-cookie';
import { AUTH_COOKIE_PREFIX } from '../../common/limits';
import type { User } from '../../common/auth/user-schema';
import { presentUser } from '../domain/current-user/current-user';
import { ApiError } from '../http/api-error';
import { BODY_LIMIT_BYTES } from '../http/body-limit';
import { isHttps, schemeOf } from '../http/https';
import { parseUrl } from '../http/safe-url';
import type { ApiCallResult } from '../../common/ssr/load-context';
import { endpointUrl, type Endpoint, type ResponseOf } from '../../common/api/endpoint';
import { PageCache, withNonce } from './page-cache';

export interface SsrOptions {
  build: ServerBuild;
}

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * Serves every non-API path with the React Router app. Encapsulated, with its own
 * content-type parser that hands the raw body to React Router (form actions parse it
 * themselves), so the API keeps Fastify's JSON parsing.
 */
export const ssrPlugin: FastifyPluginAsync<SsrOptions> = async (app, { build }) => {
  const handle = createRequestHandler(build, 'production');
  const cache = new PageCache();
  // Visitors' pages list members (home teaser, search): a member who hides leaves them at once.
  app.listings.onChange(() => cache.clear());
  // Pages carry the site's texts: a changed setting shows at once, not after the pages expire.
  app.sites.onReload(() => cache.clear());
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.route({
    method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '*',
    handler: async (request, reply) => {
      // Form bodies reach React Router unparsed: hold them to the same limit as the API's.
      if (Number(request.headers['content-length'] ?? 0) > BODY_LIMIT_BYTES) throw new ApiError(413, 'errors.tooLarge');
      const nonce = randomBytes(16).toString('base64');
      const context = await loadContextFor(request, reply, nonce);
      reply.header('content-security-policy', pageCsp(nonce));
      const key = cacheKey(request);
      const hit = key ? cache.get(key) : undefined;
      if (hit) {
        reply.status(hit.status).headers(Object.fromEntries(hit.headers)).header('x-page-cache', 'hit');
        return reply.send(withNonce(hit, nonce));
      }
      const response = await handle(toFetchRequest(request), context);
      if (key && response.status === 200 && response.headers.get('content-type')?.startsWith('text/html') && !response.headers.has('set-cookie')) {
        const html = await response.text();
        const headers = [...response.headers].filter(([name]) => name !== 'content-length');
        cache.set(key, { status: response.status, headers, html, nonce });
        return reply.status(response.status).headers(Object.fromEntries(headers)).header('x-page-cache', 'miss').send(html);
      }
      return sendFetchResponse(reply, response);
    },
  });

  /** Only anonymous page views are shared; anything with a session or a body is rendered fresh. */
  function cacheKey(request: FastifyRequest): string | null {
    if (request.method !== 'GET') return null;
    for (const name of Object.keys(request.cookies)) if (name.startsWith(AUTH_COOKIE_PREFIX)) return null;
    const v = request.visitor;
    return `${v.site.row.id}|${v.locale}|${v.country ?? ''}|${request.url}`;
  }

  async function loadContextFor(request: FastifyRequest, reply: FastifyReply, nonce: string): Promise<AppLoadContext> {
    const visitor = request.visitor;
    const secure = isHttps(request);
    if (visitor.storeLocale) {
      reply.setCookie(LOCALE_COOKIE, visitor.locale, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax', secure });
    }
    const url = new URL(request.url, 'http://placeholder');
    if (visitor.selectedCountry && url.searchParams.has('country')) {
      reply.setCookie(SELECTED_COUNTRY_COOKIE, visitor.selectedCountry, { path: '/', maxAge: YEAR_S, sameSite: 'lax', secure });
    }
    if (!request.cookies[VISIT_COOKIE] && request.method === 'GET') {
      const visit = newVisit(url.pathname, url.searchParams.has('lb'), parseTracking(url.searchParams));
      // Signed so a visitor cannot forge another visit's id or its landing facts.
      reply.setCookie(VISIT_COOKIE, encodeVisit(visit), { path: '/', httpOnly: true, sameSite: 'lax', secure, signed: true });
    }
    return {
      nonce,
      locale: visitor.locale,
      visibleLocales: visitor.visibleLocales,
      country: visitor.country,
      settings: presentSettings(visitor.site, visitor, app.pushPublicKey),
      company: presentCompany(visitor.site, visitor.locale),
      translations: (ns) => app.translations.bundle(visitor.locale, ns),
      teaserMembers: () => app.teaser.tiles(visitor.site.row.id),
      user: await currentUser(request),
      api: (target, ...[call]) => callApi(request, reply, target, call),
    };
  }
};

/** Runs an API request in-process as the visitor of `request` (see RendezvousLoadContext.api). */
async function callApi<E extends Endpoint>(request: FastifyRequest, reply: FastifyReply, target: E, call: { query?: unknown; body?: unknown } | undefined): Promise<ApiCallResult<ResponseOf<E>>> {
  const body = call?.body;
  const host = request.headers.host ?? 'localhost';
  const headers: Record<string, string> = {
    host,
    // The visitor's own page posts this form: same origin by construction.
    origin: `${schemeOf(request)}://${host}`,
    cookie: request.headers.cookie ?? '',
    'user-agent': request.headers['user-agent'] ?? '',
    'accept-language': request.headers['accept-language'] ?? '',
  };
  // Who started the page request: a GET that writes stays refused when another site did (csrf-guard.ts).
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') headers['sec-fetch-site'] = fetchSite;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await request.server.inject({
    method: target.method,
    url: endpointUrl(target, call?.query),
    headers,
    remoteAddress: request.ip,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  const setCookie = response.headers['set-cookie'];
  for (const cookie of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) reply.header('set-cookie', cookie);
  const parsed = response.body ? (JSON.parse(response.body) as unknown) : null;
  if (response.statusCode < 400) {
    // The route's own serializer checked this already; parsing gives the loader the schema's output type, not a cast.
    const answer = target.response.safeParse(parsed);
    if (answer.success) return { ok: true, status: response.statusCode, body: answer.data as ResponseOf<E> };
    request.log.error({ path: target.path, issues: answer.error.issues }, 'API answer does not match its endpoint schema');
    return { ok: false, status: 500, code: 'generic', message: request.visitorT()('errors.generic'), fields: {} };
  }
  const error = (parsed as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null)?.error;
  return {
    ok: false,
    status: response.statusCode,
    code: error?.code ?? 'generic',
    message: error?.message ?? request.visitorT()('errors.generic'),
    fields: error?.fields ?? {},
  };
}

async function currentUser(request: FastifyRequest): Promise<User | null> {
  const member = await request.currentMember();
  if (!member) return null;
  return presentUser(request.server.database.db, member, request.visitor.site.row.settings.fictional_icon, request.server.photoUrls);
}

function toFetchRequest(request: FastifyRequest): Request {
  // A Host header that makes no URL (a space, a bad port) is bad input, not a 500 whose log holds the URL.
  const url = parseUrl(`${schemeOf(request)}://${request.headers.host ?? 'localhost'}${request.url}`);
  if (!url) throw new ApiError(400, 'errors.invalidInput');
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  const controller = new AbortController();
  request.raw.once('close', () => {
    if (!request.raw.complete) controller.abort();
  });
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(limitBytes(request.body as Readable, BODY_LIMIT_BYTES)) as ReadableStream, duplex: 'half' } : {}),
  });
}

/** The stream, failing once more than `max` bytes came through (bodies without a length). */
function limitBytes(source: Readable, max: number): Readable {
  let seen = 0;
  const limited = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > max ? new ApiError(413, 'errors.tooLarge') : null, chunk);
    },
  });
  return source.pipe(limited);
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as NodeReadableStream));
}
