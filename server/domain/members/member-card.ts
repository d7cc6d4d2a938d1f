import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ageOn, memberTileSchema, type MemberTile } from '../../../common/members/member-tile';
import type { Db } from '../../db/database';
import { members, photos } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { tileColumns, visibleMemberConditions } from './members-repository';
import { idParamSchema } from '../../../common/ids';

/**
 * A listed member of a site as a public tile (with the main photo only when it is active),
 * as `viewerId` may see it: with the visibility rule of search and profile view, a member who
 * blocked the viewer (or whom the viewer blocked) is not found either.
 */
export async function findMemberCard(db: Db, siteId: number, id: number, fileUrl: (key: string) => string, viewerId: number | null = null): Promise<MemberTile | null> {
  const [row] = await db
    .select(tileColumns)
    .from(members)
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(and(eq(members.id, id), visibleMemberConditions(siteId, viewerId)));
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate),
    city: row.city,
    country: row.country,
    photo: row.thumb ? { thumb: fileUrl(row.thumb), width: row.width ?? 0, height: row.height ?? 0 } : null,
    fictional: row.fictional,
  };
}

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
      const card = await findMemberCard(app.database.db, request.visitor.site.row.id, request.query.id, (key) => app.photoUrls.file(key), viewer?.id ?? null);
      if (!card) throw new ApiError(404, 'errors.notFound');
      return card;
    },
  );
};
