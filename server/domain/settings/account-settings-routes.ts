import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountEndpoints } from '../../../common/account/account-endpoints';
import { route } from '../../http/endpoint-route';
import { changePassword } from './password-change-flow';
import { confirmMailChange, requestMailChange } from './mail-change-flow';

// Each of these checks a password or a mailed token: few attempts per client address.
const sensitive = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Change password and e-mail address (spec section 2, Settings; messages of section 5). */
export const accountSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    accountEndpoints.changePassword,
    {
      schema: { tags: ['settings'], summary: 'Change the password (ends the other sessions)' },
      config: sensitive,
    },
    async (request) => {
      await changePassword(request, request.body);
      return { ok: true as const };
    },
  );

  route(
    app,
    accountEndpoints.requestMailChange,
    {
      schema: {
        tags: ['settings'],
        summary: 'Ask to change the e-mail address: a link goes to the new address, a notice to the old one',
      },
      config: sensitive,
    },
    async (request) => {
      const sent = await requestMailChange(request, request.body);
      return { email: sent.email, expires_at: sent.expiresAt.toISOString() };
    },
  );

  route(
    app,
    accountEndpoints.confirmMailChange,
    {
      schema: { tags: ['settings'], summary: 'Confirm a new e-mail address with the mailed link' },
      config: sensitive,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return confirmMailChange(request, request.body);
    },
  );
};
