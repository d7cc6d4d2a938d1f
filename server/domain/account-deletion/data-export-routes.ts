import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DATA_EXPORT_URL } from '../../../common/account-deletion/account-deletion-rules';
import { dataExportSchema } from '../../../common/account-deletion/data-export-schema';
import { buildDataExport } from './data-export';

/** GET /api/export.php: the member's own data as a JSON download (GDPR Art. 20). */
export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DATA_EXPORT_URL,
    {
      schema: { tags: ['account'], summary: 'Download all of your data (GDPR Art. 20) as JSON', response: { 200: dataExportSchema } },
      // An export reads every photo of the account: cheap to ask for, costly to answer.
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
    },
    async (request, reply) => {
      const member = await request.requireMember();
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
