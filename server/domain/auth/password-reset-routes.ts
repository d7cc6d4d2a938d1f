import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '../../../common/auth/auth-endpoints';
import { route } from '../../http/endpoint-route';
import { resetPassword, sendPasswordResetLink } from './password-reset-flow';


export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    authEndpoints.resetPassword,
    {
      schema: { tags: ['auth'], summary: 'Send a password-reset link by e-mail' },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await sendPasswordResetLink(request, request.body.email);
      return { ok: true as const };
    },
  );

  route(
    app,
    authEndpoints.resetPasswordDo,
    {
      schema: { tags: ['auth'], summary: 'Set a new password with a reset link' },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await resetPassword(request, request.body);
      return { ok: true as const };
    },
  );
};
