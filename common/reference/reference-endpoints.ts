import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { regionsResponseSchema } from './regions-schema';

/** One interest with its icon and its name in the visitor's language. */
export const interestSchema = z.object({ id: z.string(), icon: z.string(), name: z.string() });
export type Interest = z.infer<typeof interestSchema>;
export const interestsResponseSchema = z.array(interestSchema);
/** GET /api/regions.php: one country's regions, or those of every country the site serves. */
export const regionsQuerySchema = z.object({ country: z.string().regex(/^[A-Za-z]{2}$/).optional() });

export const referenceEndpoints = {
  interests: endpoint({ method: 'GET', path: '/api/interests.php', response: interestsResponseSchema }),
  regions: endpoint({ method: 'GET', path: '/api/regions.php', query: regionsQuerySchema, response: regionsResponseSchema }),
};
