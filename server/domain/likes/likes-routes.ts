import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { likesEndpoints } from '../../../common/likes/likes-endpoints';
import { route } from '../../http/endpoint-route';
import type { FastifyRequest } from 'fastify';
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

  route(
    app,
    likesEndpoints.like,
    { schema: { tags: ['likes'], summary: 'Like a member (idempotent): liked, or match when mutual' }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      return { state: await like(db, siteOf(request), member.id, request.body.profile_id, request.body.source, app.liveBus) };
    },
  );

  route(
    app,
    likesEndpoints.unlike,
    { schema: { tags: ['likes'], summary: 'Take a like back' }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      await unlike(db, siteOf(request), member.id, request.body.profile_id);
      return { ok: true as const };
    },
  );

  route(
    app,
    likesEndpoints.likes,
    { schema: { tags: ['likes'], summary: 'Profiles the member liked and liked_by (new likes first)' } },
    async (request, reply) => {
      const member = await memberOf(request);
      reply.header('cache-control', 'no-store');
      return likesOf(db, siteOf(request), member.id, fileUrl);
    },
  );

  route(
    app,
    likesEndpoints.likeSeen,
    { schema: { tags: ['likes'], summary: "Clears like_new of one profile's like (the profile was opened)" }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      return { new_likes: await seeLike(db, siteOf(request), member.id, request.body.profile_id) };
    },
  );

  route(
    app,
    likesEndpoints.autoLike,
    // It may make a fictional profile's daily like: a write no other site may start (csrf-guard.ts).
    { schema: { tags: ['likes'], summary: "The new-like overlay's profile when none is supplied" }, config: { ...writes, getWrites: true } },
    async (request, reply) => {
      const member = await memberOf(request);
      reply.header('cache-control', 'no-store');
      return autoLike(db, siteOf(request), member, fileUrl);
    },
  );

  route(
    app,
    likesEndpoints.swipeCards,
    { schema: { tags: ['likes'], summary: "The swipe game's next cards and today's likes left" } },
    async (request, reply) => {
      const member = await memberOf(request);
      reply.header('cache-control', 'no-store');
      return nextSwipeCards(db, siteOf(request), member, fileUrl);
    },
  );

  route(
    app,
    likesEndpoints.swipe,
    { schema: { tags: ['likes'], summary: 'Like or pass a card; likes count against the daily allowance' }, config: writes },
    async (request) => {
      const member = await memberOf(request);
      return swipe(db, siteOf(request), member.id, request.body.profile_id, request.body.action, app.liveBus);
    },
  );
};
