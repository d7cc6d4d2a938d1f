import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mailChangeConfirmResponseSchema,
  mailChangeConfirmSchema,
  mailChangeRequestResponseSchema,
  mailChangeRequestSchema,
} from '../../../common/account/mail-change';
import { passwordChangeSchema } from '../../../common/account/password-change';
import { changePassword } from './password-change-flow';
import { confirmMailChange, requestMailChange } from './mail-change-flow';

const ok = z.object({ ok: z.literal(true) });
// Each of these checks a password or a mailed token: few attempts per client address.
const sensitive = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Change password and e-mail address (spec section 2, Settings; messages of section 5). */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/password.php',
    {
      schema: { tags: ['settings'], summary: 'Change the password (ends the other sessions)', body: passwordChangeSchema, response: { 200: ok } },
      config: sensitive,
    },
    async (request) => {
      await changePassword(request, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/mail-change.php',
    {
      schema: {
        tags: ['settings'],
        summary: 'Ask to change the e-mail address: a link goes to the new address, a notice to the old one',
        body: mailChangeRequestSchema,
        response: { 200: mailChangeRequestResponseSchema },
      },
      config: sensitive,
    },
    async (request) => {
      const sent = await requestMailChange(request, request.body);
      return { email: sent.email, expires_at: sent.expiresAt.toISOString() };
    },
  );

  app.post(
    '/api/mail-change-do.php',
    {
      schema: { tags: ['settings'], summary: 'Confirm a new e-mail address with the mailed link', body: mailChangeConfirmSchema, response: { 200: mailChangeConfirmResponseSchema } },
      config: sensitive,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmMailChange(request, request.body);
    },
  );
};
