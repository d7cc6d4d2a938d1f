import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../http/api-error';
import { isDemoKey, SIGNED_MEDIA_PREFIX } from './media-url';

/**
 * Serves stored files behind signed URLs (photo-urls.ts): the signature and expiry are
 * checked before the storage is touched, so a guessed or altered URL learns nothing,
 * not even whether a file exists.
 */
export const mediaRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { expires: string; signature: string; '*': string } }>(
    `${SIGNED_MEDIA_PREFIX}:expires/:signature/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const { expires, signature, '*': key } = request.params;
      const now = Date.now();
      const verdict = app.photoUrls.signer.verify(expires, signature, key, now);
      if (verdict !== 'ok') throw new ApiError(403, verdict === 'expired' ? 'photos:errors.linkExpired' : 'photos:errors.linkInvalid');
      const file = await (isDemoKey(key) ? app.demoMedia : app.photoStorage).get(key);
      if (!file) throw new ApiError(404, 'photos:errors.notFound');
      const maxAge = Math.max(0, Math.floor(Number(expires) - now / 1000));
      // Private: the URL is personal (a member's own photo in inspection, a locked photo...).
      // Its content never changes (keys are never reused), so it may be kept until it expires.
      reply.header('cache-control', `private, max-age=${maxAge}, immutable`);
      reply.header('content-type', file.contentType);
      if (file.size > 0) reply.header('content-length', file.size);
      return reply.send(file.body);
    },
  );
};
