import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberTileSchema } from '../../../common/members/member-tile';
import { ApiError } from '../../http/api-error';
import { toTile } from './member-tiles';
import { findMemberCardRow } from './members-repository';
import { idParamSchema } from '../../../common/ids';

/**
 * GET /api/member-card.php?id=: the public card of one listed member — who a signup's first
 * message goes to, who an overlay shows. Members that are not listed (hidden, unconfirmed,
 * deleted, of another site) and members blocked either way are simply not found.
 */
export const memberCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/member-card.php',
    {
      schema: { tags: ['members'], summary: "A listed member's public card", querystring: z.object({ id: idParamSchema }), response: { 200: memberTileSchema } },
    },
    async (request) => {
      const viewer = await request.currentMember();
      const row = await findMemberCardRow(app.database.db, request.visitor.site.row.id, request.query.id, viewer?.id ?? null);
      if (!row) throw new ApiError(404, 'errors.notFound');
      return toTile(row, (key) => app.photoUrls.file(key));
    },
  );
};
