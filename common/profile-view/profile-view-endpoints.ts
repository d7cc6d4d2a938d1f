import { endpoint } from '../api/endpoint';
import { okResponseSchema } from '../api/ok-schema';
import { idQuerySchema } from '../ids';
import { memberProfileSchema, profileIdSchema } from './member-profile';

/** A member's profile, blocking and unblocking (spec sections 2, 6). */
export const profileViewEndpoints = {
  member: endpoint({ method: 'GET', path: '/api/member.php', query: idQuerySchema, response: memberProfileSchema }),
  block: endpoint({ method: 'POST', path: '/api/block.php', body: profileIdSchema, response: okResponseSchema }),
  unblock: endpoint({ method: 'DELETE', path: '/api/block.php', body: profileIdSchema, response: okResponseSchema }),
};
