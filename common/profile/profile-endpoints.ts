import { endpoint } from '../api/endpoint';
import { userResponseSchema } from '../auth/user-schema';
import { profileUpdateSchema } from './profile-rules';

export const profileEndpoints = {
  /** Update the own profile (fields left out stay as they are). */
  save: endpoint({ method: 'PUT', path: '/api/profile.php', body: profileUpdateSchema, response: userResponseSchema }),
};
