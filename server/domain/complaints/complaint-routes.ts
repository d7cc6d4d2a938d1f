import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintsEndpoints } from '../../../common/complaints/complaints-endpoints';
import { route } from '../../http/endpoint-route';
import { submitComplaint } from './complaint-service';

/** POST /api/complaint.php: the /complaints form (also reached from a profile's Report link). */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    complaintsEndpoints.complaint,
    {
      schema: { tags: ['complaints'], summary: 'Send a complaint to customer service' },
      // Per client address; the per-sender limit (COMPLAINTS_PER_HOUR) is checked in the service.
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
    },
    async (request) => {
      const { id } = await submitComplaint(request, request.body);
      return { ok: true as const, id };
    },
  );
};
