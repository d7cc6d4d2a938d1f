import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { complaintRequestSchema, complaintResponseSchema } from '../../../common/complaints/complaint';
import { submitComplaint } from './complaint-service';

/** POST /api/complaint.php: the /complaints form (also reached from a profile's Report link). */
export const complaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/complaint.php',
    {
      schema: { tags: ['complaints'], summary: 'Send a complaint to customer service', body: complaintRequestSchema, response: { 200: complaintResponseSchema } },
      // Per client address; the per-sender limit (COMPLAINTS_PER_HOUR) is checked in the service.
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
    },
    async (request) => {
      const { id } = await submitComplaint(request, request.body);
      return { ok: true as const, id };
    },
  );
};
