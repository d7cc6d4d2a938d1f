import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parseUrl } from '../../http/safe-url';
import { readVisit } from './visit-cookie';
import { recordPageHidden } from './visits-repository';

export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/page-hidden.php',
    {
      schema: {
        tags: ['visits'],
        summary: 'Beacon sent when a page becomes hidden; recorded for the visit',
        body: z.object({}).strict(),
        response: { 204: z.null() },
      },
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
