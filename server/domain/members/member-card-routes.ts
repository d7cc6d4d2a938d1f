import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { membersEndpoints } from '../../../common/members/members-endpoints';
import { route } from '../../http/endpoint-route';
import { ApiError } from '../../http/api-error';
import { toTile } from './member-tiles';
import { findMemberCardRow } from './members-repository';

/**
 * GET /api/member-card.php?id=: the public card of one listed member — who a signup's first
 * message goes to, who an overlay shows. Members that are not listed (hidden, unconfirmed,
 * deleted, of another site) and members blocked either way are simply not found.
 */
export const memberCardRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    membersEndpoints.memberCard,
    {
      schema: { tags: ['members'], summary: "A listed member's public card" },
    },
    async (request) => {
      const viewer = await request.currentMember();
      const row = await findMemberCardRow(app.database.db, request.visitor.site.row.id, request.query.id, viewer?.id ?? null);
      if (!row) throw new ApiError(404, 'errors.notFound');
      return toTile(row, (key) => app.photoUrls.file(key));
    },
  );
};
