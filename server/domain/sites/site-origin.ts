import type { FastifyRequest } from 'fastify';
import { normalizeHost, type Site } from './site-directory';

/**
 * The origin for links in mails: the configured PUBLIC_ORIGIN with one of the site's own
 * host names. Host, its port and X-Forwarded-Proto are the client's to choose, so they never
 * shape a link (a forged header must not turn a reset link into a link to someone else's
 * server); the request's host only picks among the site's configured hosts.
 */
export function siteOrigin(request: FastifyRequest): string {
  return publicOrigin(request.server.config.PUBLIC_ORIGIN, request.visitor.site, request.headers.host);
}

export function publicOrigin(template: string, site: Site, requestHost?: string): string {
  const asked = requestHost === undefined ? '' : normalizeHost(requestHost);
  const host = site.row.hosts.includes(asked) ? asked : site.row.hosts[0];
  return template.replaceAll('{host}', host ?? 'localhost');
}
