import { z } from 'zod';
import { endpoint } from '../api/endpoint';

export const visitsEndpoints = {
  /** Beacon sent when a page becomes hidden (empty JSON body, 204). */
  pageHidden: endpoint({ method: 'POST', path: '/api/page-hidden.php', body: z.object({}).strict(), response: z.null() }),
};
