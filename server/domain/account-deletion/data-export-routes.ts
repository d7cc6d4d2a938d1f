import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountDeletionEndpoints } from '../../../common/account-deletion/account-deletion-endpoints';
import { route } from '../../http/endpoint-route';
import { confirmCurrentPassword } from '../auth/current-password';
import { buildDataExport } from './data-export';

/**
 * POST /api/export.php: the member's own data as a JSON download (GDPR Art. 20). The current
 * password is asked again: a session left open on a shared device must not hand over every
 * message and photo. A POST, so the Origin check stands before it and no link can start it.
 */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Without JavaScript the settings form posts natively (urlencoded); the Origin check applies as to JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  route(
    app,
    accountDeletionEndpoints.dataExport,
    {
      schema: { tags: ['account'], summary: 'Download all of your data (GDPR Art. 20) as JSON; the current password confirms' },
      // An export reads every photo of the account: cheap to ask for, costly to answer.
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const member = await request.requireMember();
      await confirmCurrentPassword(request, member, request.body.password, 'account:errors.wrongPassword', 'password');
      const site = request.visitor.site;
      const domain = site.row.hosts[0] ?? '';
      const now = new Date();
      const data = await buildDataExport(app.database.db, app.photoStorage, member, { name: site.row.settings.name, domain }, now);
      const filename = `${site.row.key}-data-${member.id}-${now.toISOString().slice(0, 10)}.json`;
      reply.header('content-disposition', `attachment; filename="${filename}"`);
      reply.header('cache-control', 'no-store');
      return data;
    },
  );
};
