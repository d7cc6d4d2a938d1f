import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resetCompletionSchema, resetRequestSchema } from '../../../common/auth/user-schema';
import { resetPassword, sendPasswordResetLink } from './password-reset-flow';

const ok = z.object({ ok: z.literal(true) });

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/reset-password.php',
    {
      schema: { tags: ['auth'], summary: 'Send a password-reset link by e-mail', body: resetRequestSchema, response: { 200: ok } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await sendPasswordResetLink(request, request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/reset-password-do.php',
    {
      schema: { tags: ['auth'], summary: 'Set a new password with a reset link', body: resetCompletionSchema, response: { 200: ok } },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => {
      await resetPassword(request, request.body);
      return { ok: true as const };
    },
  );
};
