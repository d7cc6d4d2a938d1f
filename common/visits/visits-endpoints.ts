import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { PAGE_HIDDEN_PATH } from './page-hidden-path';

export const visitsEndpoints = {
  /** Beacon sent when a page becomes hidden (empty JSON body, 204). */
  pageHidden: endpoint({ method: 'POST', path: PAGE_HIDDEN_PATH, body: z.object({}).strict(), response: z.null() }),
};
