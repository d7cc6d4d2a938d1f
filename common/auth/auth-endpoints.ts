import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { okResponseSchema } from '../api/ok-schema';
import { credentialsSchema, languageUpdateSchema, resetCompletionSchema, resetRequestSchema, userResponseSchema } from './user-schema';

export const logoutResponseSchema = z.object({ user: z.null() });

/** Login, the current user, the interface language, logout and password reset (spec section 7). */
export const authEndpoints = {
  login: endpoint({ method: 'POST', path: '/api/user.php', body: credentialsSchema, response: userResponseSchema }),
  currentUser: endpoint({ method: 'GET', path: '/api/user.php', response: userResponseSchema }),
  saveLanguage: endpoint({ method: 'PUT', path: '/api/user.php', body: languageUpdateSchema, response: userResponseSchema }),
  logout: endpoint({ method: 'GET', path: '/api/logout.php', response: logoutResponseSchema }),
  resetPassword: endpoint({ method: 'POST', path: '/api/reset-password.php', body: resetRequestSchema, response: okResponseSchema }),
  resetPasswordDo: endpoint({ method: 'POST', path: '/api/reset-password-do.php', body: resetCompletionSchema, response: okResponseSchema }),
};
