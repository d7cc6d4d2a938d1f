import { endpoint } from '../api/endpoint';
import { idQuerySchema } from '../ids';
import { memberTileSchema } from './member-tile';

export const membersEndpoints = {
  /** A listed member's public card (signup to write to them, the like overlay). */
  memberCard: endpoint({ method: 'GET', path: '/api/member-card.php', query: idQuerySchema, response: memberTileSchema }),
};
