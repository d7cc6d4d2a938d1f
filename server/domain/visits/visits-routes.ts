import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { visitsEndpoints } from '../../../common/visits/visits-endpoints';
import { route } from '../../http/endpoint-route';
import { parseUrl } from '../../http/safe-url';
import { readVisit } from './visit-cookie';
import { recordPageHidden } from './visits-repository';

export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    visitsEndpoints.pageHidden,
    {
      schema: {
        tags: ['visits'],
        summary: 'Beacon sent when a page becomes hidden; recorded for the visit',
      },
      status: 204,
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const visit = readVisit(request);
      if (visit) {
        // The page that was hidden: the Referer when it is a page of ours (a client may send anything there).
        const referer = parseUrl(request.headers.referer);
        const path = referer && referer.host === request.headers.host ? referer.pathname : visit.p;
        await recordPageHidden(app.database.db, request.visitor.site.row.id, visit, path);
      }
      return reply.status(204).send(null);
    },
  );
};
