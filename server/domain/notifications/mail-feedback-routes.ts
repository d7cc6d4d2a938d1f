import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BINARY, endpoint } from '../../../common/api/endpoint';
import { ApiError, notFound } from '../../http/api-error';
import { route } from '../../http/endpoint-route';
import { describeOutcome, MAIL_FEEDBACK_MAX_BYTES, mailFeedbackResultSchema, noticeHeaderReader, takeMailFeedback } from './mail-feedback';

/**
 * Bounces and spam complaints handed over by the mail server or an ESP (server to server:
 * no browser calls it, so it is declared here rather than in common/).
 */
export const mailFeedbackEndpoint = endpoint({ method: 'POST', path: '/api/mail-feedback.php', body: BINARY, response: mailFeedbackResultSchema });

const sha256 = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether the request bears the configured token. Both sides are hashed first so the
 * comparison takes the same time whatever the length or the first wrong character
 * (a timing side channel would let the token be guessed byte by byte).
 */
export function bearsToken(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return timingSafeEqual(sha256(match?.[1] ?? ''), sha256(token)) && match !== null;
}

/**
 * POST /api/mail-feedback.php with the raw report as a message/rfc822 body and
 * `Authorization: Bearer <MAIL_FEEDBACK_TOKEN>`. Without the setting the door does not exist
 * (404). The token is checked before the body is read; the request log never holds it (the
 * app redacts the Authorization header).
 */
export const mailFeedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: MAIL_FEEDBACK_MAX_BYTES }, (_request, body, done) => done(null, body));

  route(
    app,
    mailFeedbackEndpoint,
    {
      schema: { tags: ['notifications'], summary: 'Take a bounce (RFC 3464) or spam complaint (RFC 5965) from the mail server' },
      // A mail server hands over reports one by one; a burst after a large mailing stays well below this.
      config: { webhook: true, rateLimit: { max: 300, timeWindow: '1 minute' } },
      bodyLimit: MAIL_FEEDBACK_MAX_BYTES,
      // After the rate limit (onRequest), before the body is read.
      preParsing: async (request, _reply, payload) => {
        const token = app.config.MAIL_FEEDBACK_TOKEN;
        if (!token) throw notFound();
        if (!bearsToken(request, token)) throw new ApiError(401, 'mail-feedback:errors.badToken');
        if ((request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase() !== 'message/rfc822') throw new ApiError(415, 'errors.unsupportedMediaType');
        return payload;
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, 'mail-feedback:errors.notAReport');
      const result = await takeMailFeedback(app.database.db, body, { siteId: request.visitor.site.row.id, memberOf: noticeHeaderReader(app.noticeKeys.notice) });
      if (!result) throw new ApiError(400, 'mail-feedback:errors.notAReport');
      request.log.info({ outcome: result.outcome, reason: result.reason, members: result.members }, describeOutcome(result));
      return result;
    },
  );
};
