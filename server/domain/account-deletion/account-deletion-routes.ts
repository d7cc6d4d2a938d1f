import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletionEndpoints } from '../../../common/account-deletion/account-deletion-endpoints';
import { route } from '../../http/endpoint-route';
import { presentUser } from '../current-user/current-user';
import { deleteAccount, reactivate, resendReactivationLink } from './account-deletion-flow';

/** Delete account, and reactivation within REACTIVATION_DAYS (spec sections 2 and 4). */
export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Resends run after the answer (below); shutting down waits for them.
  const inFlight = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

  route(
    app,
    accountDeletionEndpoints.deleteAccount,
    {
      schema: { tags: ['account'], summary: 'Delete the account (reactivatable by e-mailed link)' },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await deleteAccount(request, reply, request.body);
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );

  route(
    app,
    accountDeletionEndpoints.reactivate,
    {
      schema: { tags: ['account'], summary: "Send a new reactivation link to a deleted account's address" },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request) => {
      // The answer comes before the lookup and the mail, so neither its content nor its
      // timing tells whether the address has an account (no account enumeration).
      const work = resendReactivationLink(request, request.body.email)
        .catch((error: unknown) => request.log.error({ err: error }, 'reactivation link failed'))
        .finally(() => inFlight.delete(work));
      inFlight.add(work);
      return { ok: true as const };
    },
  );

  route(
    app,
    accountDeletionEndpoints.reactivateDo,
    {
      schema: { tags: ['account'], summary: 'Reactivate a deleted account with the e-mailed link, and log in' },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const member = await reactivate(request, reply, request.body.token);
      reply.header('cache-control', 'no-store');
      return { user: await presentUser(app.database.db, member, request.visitor.site.row.settings.fictional_icon, app.photoUrls) };
    },
  );
};
