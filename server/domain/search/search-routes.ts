import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchEndpoints } from '../../../common/search/search-endpoints';
import { route } from '../../http/endpoint-route';
import type { FastifyRequest } from 'fastify';
import { hasTracking } from '../../../common/marketing/tracking';
import { ApiError } from '../../http/api-error';
import { visitTracking } from '../visits/visit-cookie';

/**
 * Whether a visitor (logged out) may search (spec sections 3 and 6): logged_out_search 'yes'
 * lets every visitor search; logged_out_search_trafficsource 'yes' lets visitors who came
 * through a tracked marketing link (tracking parameters in their signed visit cookie) search.
 */
export function visitorMaySearch(request: FastifyRequest): boolean {
  const s = request.visitor.site.row.settings;
  if (s.logged_out_search === 'yes') return true;
  return s.logged_out_search_trafficsource === 'yes' && hasTracking(visitTracking(request));
}

/** GET /api/search.php: the member search; `other=1` the cached recently active members. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.memberSearch;

  route(
    app,
    searchEndpoints.search,
    {
      schema: { tags: ['search'], summary: 'Search members (filters, pages, count, similar results)' },
    },
    async (request, reply) => {
      const member = await request.currentMember();
      if (!member && !visitorMaySearch(request)) throw new ApiError(403, 'search:errors.loginRequired');
      // Results depend on who asks (blocks, distance bands): no shared cache may keep them.
      reply.header('cache-control', 'private, no-store');
      const { row } = request.visitor.site;
      const site = { id: row.id, searchFields: row.settings.search_fields, memberResell: row.settings.member_resell === 'yes' };
      const viewer = member ? { id: member.id, cell: { cellLat: member.cellLat, cellLon: member.cellLon } } : null;
      const { page, other, ...filters } = request.query;
      if (other === '1') return service.otherProfiles(site, viewer);
      return service.search(site, viewer, filters, page);
    },
  );
};
