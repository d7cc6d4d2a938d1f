import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  autoLikeResponseSchema,
  likeRequestSchema,
  likeResponseSchema,
  likeSeenResponseSchema,
  likesResponseSchema,
  profileIdSchema,
  swipeCardsResponseSchema,
  swipeRequestSchema,
  swipeResponseSchema,
} from '../../../common/likes/likes';
import { ApiError } from '../../http/api-error';
import { autoLike, like, likesOf, nextSwipeCards, seeLike, swipe, unlike } from './likes-service';

// Likes are cheap to make: a generous limit per client address that still stops a script.
const writes = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/** Likes need a session; visitors get 403 with the spec's message. */
async function memberOf(request: FastifyRequest) {
  const member = await request.currentMember();
  if (!member) throw new ApiError(403, 'likes:errors.loginRequired');
  return member;
}

/** Likes, the likes page, the new-like overlay and the swipe game (spec sections 2, 3, 4, 7, 9). */
export const likesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const fileUrl = (key: string) => app.photoUrls.file(key);
  const siteOf = (request: FastifyRequest) => request.visitor.site.row.id;

  app.post(
    '/api/like.php',
    { schema: { tags: ['likes'], summary: 'Like a member (idempotent): liked, or match when mutual', body: likeRequestSchema, response: { 200: likeResponseSchema } }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      return { state: await like(db, siteOf(request), member.id, request.body.profile_id, request.body.source, app.liveBus) };
    },
  );

  app.delete(
    '/api/like.php',
    { schema: { tags: ['likes'], summary: 'Take a like back', body: profileIdSchema, response: { 200: z.object({ ok: z.literal(true) }) } }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      await unlike(db, siteOf(request), member.id, request.body.profile_id);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/likes.php',
    { schema: { tags: ['likes'], summary: 'Profiles the member liked and liked_by (new likes first)', response: { 200: likesResponseSchema } } },
    async (request, reply) => {
      const member = await memberOf(request);
      reply.header('cache-control', 'no-store');
      return likesOf(db, siteOf(request), member.id, fileUrl);
    },
  );

  app.post(
    '/api/like-seen.php',
    { schema: { tags: ['likes'], summary: "Clears like_new of one profile's like (the profile was opened)", body: profileIdSchema, response: { 200: likeSeenResponseSchema } }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      return { new_likes: await seeLike(db, siteOf(request), member.id, request.body.profile_id) };
    },
  );

  app.get(
    '/api/auto-like.php',
    // It may make a fictional profile's daily like: a write no other site may start (csrf-guard.ts).
    { schema: { tags: ['likes'], summary: "The new-like overlay's profile when none is supplied", response: { 200: autoLikeResponseSchema } }, config: { ...writes, getWrites: true } },
    async (request, reply) => {
      const member = await memberOf(request);
      reply.header('cache-control', 'no-store');
      return autoLike(db, siteOf(request), member, fileUrl);
    },
  );

  app.get(
    '/api/swipe.php',
    { schema: { tags: ['likes'], summary: "The swipe game's next cards and today's likes left", response: { 200: swipeCardsResponseSchema } } },
    async (request, reply) => {
      const member = await memberOf(request);
      reply.header('cache-control', 'no-store');
      return nextSwipeCards(db, siteOf(request), member, fileUrl);
    },
  );

  app.post(
    '/api/swipe.php',
    { schema: { tags: ['likes'], summary: 'Like or pass a card; likes count against the daily allowance', body: swipeRequestSchema, response: { 200: swipeResponseSchema } }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      return swipe(db, siteOf(request), member.id, request.body.profile_id, request.body.action, app.liveBus);
    },
  );
};
