import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SERVICE_WORKER_PATH } from '../../../common/notifications/push-payload';
import { APP_ICON_PREFIX, MANIFEST_PATH, OFFLINE_PATH, parseAppIconFile } from '../../../common/installed-app/installed-app';
import { appIconFileSchema } from '../../../common/installed-app/manifest-schema';
import { ApiError } from '../../http/api-error';
import { projectPath } from '../../project-paths';
import { AppIcons } from './app-icons';
import { offlinePage, OFFLINE_CSP } from './offline-page';
import { webAppManifest } from './web-app-manifest';

export interface InstalledAppOptions {
  /** The bundled worker; by default the one scripts/build.mjs writes to build/worker/sw.js. */
  workerFile?: string;
}

const YEAR_S = 365 * 24 * 60 * 60;

/**
 * The installed app's doors (spec 2, 9): the service worker, the per-site manifest and icons,
 * and the offline page the worker keeps. Outside /api/ the global rate limit does not apply,
 * so each route takes the same budget explicitly.
 */
export const installedAppRoutes: FastifyPluginAsyncZod<InstalledAppOptions> = async (app, options) => {
  const icons = new AppIcons();
  app.sites.onReload(() => icons.clear());
  const rateLimit = { max: app.config.RATE_LIMIT_MAX, timeWindow: '1 minute', allowList: () => false };
  const workerFile = options.workerFile ?? projectPath('build/worker/sw.js');
  let worker: Promise<{ body: Buffer; etag: string } | null> | null = null;
  const loadWorker = () =>
    (worker ??= readFile(workerFile).then(
      (body) => ({ body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` }),
      () => null,
    ));

  app.get(SERVICE_WORKER_PATH, { schema: { hide: true }, config: { rateLimit } }, async (request, reply) => {
    const file = await loadWorker();
    if (!file) throw new ApiError(404, 'errors.notFound');
    // no-cache: the browser asks on every update check, so a new version reaches members at once.
    reply.header('cache-control', 'no-cache').header('etag', file.etag);
    // The worker's own fetches (the offline page, navigations) obey this CSP: same origin only.
    reply.header('content-security-policy', "default-src 'self'");
    if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
    return reply.type('text/javascript; charset=utf-8').send(file.body);
  });

  app.get(MANIFEST_PATH, { schema: { hide: true }, config: { rateLimit } }, async (request, reply) => {
    const { site, locale } = request.visitor;
    // Per visitor language (the page links it with credentials, so the locale cookie comes along).
    reply.header('cache-control', 'private, no-cache');
    return reply.type('application/manifest+json; charset=utf-8').send(JSON.stringify(webAppManifest(site, locale)));
  });

  app.get(`${APP_ICON_PREFIX}:file`, { schema: { hide: true, params: appIconFileSchema }, config: { rateLimit } }, async (request, reply) => {
    const { size, purpose } = parseAppIconFile(request.params.file);
    const png = await icons.png(request.visitor.site.row.settings.name, size, purpose);
    // The URL carries a version of what the icon shows (appIconPath), so it may be kept a year.
    reply.header('cache-control', `public, max-age=${YEAR_S}, immutable`).header('vary', 'host');
    return reply.type('image/png').send(png);
  });

  app.get(OFFLINE_PATH, { schema: { hide: true }, config: { rateLimit } }, async (request, reply) => {
    const { site, locale } = request.visitor;
    reply.header('cache-control', 'private, no-cache').header('content-security-policy', OFFLINE_CSP);
    return reply.type('text/html; charset=utf-8').send(offlinePage(site.row.settings.name, locale, request.visitorT()));
  });
};
