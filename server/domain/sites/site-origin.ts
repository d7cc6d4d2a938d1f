import type { FastifyRequest } from 'fastify';
import { normalizeHost } from './site-directory';

/**
 * The origin for links in mails. The Host header is the client's to choose, so it is used
 * only when it names one of the site's own hosts; otherwise the site's canonical host
 * (a forged Host must not turn a reset link into a link to someone else's server).
 */
export function siteOrigin(request: FastifyRequest): string {
  const site = request.visitor.site;
  const host = request.headers.host ?? '';
  const own = site.row.hosts.includes(normalizeHost(host)) ? host : site.row.hosts[0];
  return `${request.protocol}://${own}`;
}
