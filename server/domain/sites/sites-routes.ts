import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyInfoSchema, siteSettingsSchema, type SiteSettings } from '../../../common/sites/site-settings';
import { ApiError } from '../../http/api-error';
import { presentCompany } from './site-presenter';
import { SettingsCache } from './settings-cache';
import { resolveVisitor } from './visitor';

const hostPattern = /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i;

const settingsQuery = z
  .object({
    /** The host the caller serves (the SSR server forces the incoming request's host). */
    host: z.string().regex(hostPattern).optional(),
    /** A country the visitor chose, reported back as geoip_selected_country. */
    country: z.string().regex(/^[A-Za-z]{2}$/).optional(),
  })
  // The client passes its whole request query through; unknown keys are ignored.
  .catchall(z.union([z.string().max(2048), z.array(z.string().max(2048)).max(20)]));

export const sitesRoutes: FastifyPluginAsyncZod = async (app) => {
  const settingsCache = new SettingsCache(app.pushPublicKey);
  app.sites.onReload(() => settingsCache.clear());

  app.get(
    '/api/settings.php',
    {
      schema: {
        tags: ['sites'],
        summary: 'Settings of the site serving this host',
        querystring: settingsQuery,
        response: { 200: siteSettingsSchema },
      },
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

  app.get(
    '/api/companyinfo.php',
    {
      schema: { tags: ['sites'], summary: 'The company behind this site, with its address variants', response: { 200: companyInfoSchema } },
    },
    async (request) => presentCompany(request.visitor.site, request.visitor.locale),
  );
};
