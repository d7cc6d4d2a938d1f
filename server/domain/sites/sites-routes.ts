import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SiteSettings } from '../../../common/sites/site-settings';
import { sitesEndpoints } from '../../../common/sites/sites-endpoints';
import { route } from '../../http/endpoint-route';
import { ApiError } from '../../http/api-error';
import { presentCompany } from './site-presenter';
import { SettingsCache } from './settings-cache';
import { resolveVisitor } from './visitor';

export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsCache = new SettingsCache(app.pushPublicKey);
  app.sites.onReload(() => settingsCache.clear());

  route(
    app,
    sitesEndpoints.settings,
    {
      schema: { tags: ['sites'], summary: 'Settings of the site serving this host' },
      // Answered from memory in microseconds, like a static file: neither the rate limit
      // (which protects work) nor compression (2 KB of JSON) pays for its per-request cost
      // here (docs/performance.md).
      config: { rateLimit: false },
      compress: false,
      decompress: false,
    },
    async (request, reply) => {
      const { host } = request.query;
      const site = host ? app.sites.findByHost(host) : request.visitor.site;
      if (!site) throw new ApiError(404, 'errors.unknownSite');
      const visitor = host ? resolveVisitor(request, { sites: app.sites, geoip: app.geoip }, site) : request.visitor;
      // Already schema-checked JSON: a string with a JSON content type is sent as is.
      return reply.type('application/json; charset=utf-8').header('cache-control', 'private, max-age=300').send(settingsCache.json(site, visitor) as unknown as SiteSettings);
    },
  );

  route(app, sitesEndpoints.companyInfo, { schema: { tags: ['sites'], summary: 'The company behind this site, with its address variants' } }, async (request) =>
    presentCompany(request.visitor.site, request.visitor.locale),
  );
};
