import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';

/**
 * /healthz: the process is alive. /readyz: it can serve (database answers, sites loaded,
 * not shutting down); a load balancer stops sending traffic when it fails.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.get('/healthz', { logLevel: 'warn' }, async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', { logLevel: 'warn' }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (shuttingDown) return reply.status(503).send({ status: 'shutting-down' });
    try {
      await app.database.db.execute(sql`select 1`);
    } catch {
      return reply.status(503).send({ status: 'database-unavailable' });
    }
    if (app.sites.list().length === 0) return reply.status(503).send({ status: 'no-sites' });
    return { status: 'ready' };
  });
};
