import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unsubscribeEndpoints } from '../../../common/notifications/unsubscribe';
import { ApiError } from '../../http/api-error';
import { route } from '../../http/endpoint-route';
import { readUnsubscribeToken } from './notice-token';
import { unsubscribe } from './unsubscribe';

/** Per client address: mail providers POST from shared servers, so generous, but no brute-force of tokens. */
export const UNSUBSCRIBE_PER_MINUTE = 30;

const invalidLink = () => new ApiError(400, 'unsubscribe:errors.invalidLink');

/**
 * /api/unsubscribe.php?token=...: the address of a notification mail's List-Unsubscribe header.
 * POST (RFC 8058 one-click, form-encoded or multipart from a mail provider, JSON from our page)
 * turns the token's type off; GET only says which type (the page's question). No cookie, no
 * session: the HMAC of the token is the only authority, for its one member and type.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  // Mail providers send the RFC 8058 body as a form; these parsers serve this plugin's routes only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer' }, (request, body, done) => {
    // The platform's own form parser (undici), not a hand-written one.
    new Response(new Uint8Array(body as Buffer), { headers: { 'content-type': request.headers['content-type'] ?? '' } })
      .formData()
      .then((form) => done(null, Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string'))))
      .catch(() => done(new ApiError(400, 'errors.invalidInput')));
  });

  const rateLimit = { max: UNSUBSCRIBE_PER_MINUTE, timeWindow: '1 minute' };

  route(
    app,
    unsubscribeEndpoints.check,
    { schema: { tags: ['notifications'], summary: 'Which e-mail type an unsubscribe link would turn off (changes nothing)' }, config: { rateLimit } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const subject = readUnsubscribeToken(app.noticeKeys, request.query.token);
      if (!subject) throw invalidLink();
      return { type: subject.type };
    },
  );

  route(
    app,
    unsubscribeEndpoints.unsubscribe,
    {
      schema: { tags: ['notifications'], summary: 'One-click unsubscribe (RFC 8058) from one e-mail type' },
      // Exempt from the Origin check on purpose: a mail provider POSTs server to server with no
      // Origin and no cookie. A forged request needs a valid token, which only the mail holds.
      config: { rateLimit, webhook: true },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const subject = readUnsubscribeToken(app.noticeKeys, request.query.token);
      if (!subject) throw invalidLink();
      await unsubscribe(db, subject);
      return { ok: true as const, type: subject.type };
    },
  );
};
