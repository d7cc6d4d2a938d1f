import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A GET that changes state (the spec names it a GET): refused when the browser says another
     * site started it (Sec-Fetch-Site), since a link or redirect from any site would carry the
     * member's SameSite=Lax cookie.
     */
    getWrites?: boolean;
    /**
     * A payment provider's webhook: a server-to-server POST with no Origin, authenticated by
     * its own means (a signature, or only an id whose state is fetched), never by a cookie.
     */
    webhook?: boolean;
  }
}

/** Fetch Metadata: what our own pages send (same-origin) or a typed address or bookmark (none). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * CSRF defence for cookie-authenticated writes (OWASP "verify origin with standard
 * headers"): a state-changing request must come from a page of the same host. Browsers
 * always send Origin on cross-site POST/PUT/DELETE and on sendBeacon, so a forged form
 * or fetch from another site is refused before any handler runs. SameSite cookies are
 * the second layer.
 */
function sameOrigin(source: string | undefined, host: string | undefined): boolean {
  if (!source || !host) return false;
  try {
    return new URL(source).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}

export const csrfGuardPlugin = fp(
  async (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (SAFE_METHODS.has(request.method)) {
        // A sibling host (same-site) may be another white-label site: only our own origin counts.
        const site = request.headers['sec-fetch-site'];
        done(request.routeOptions.config.getWrites && site !== undefined && !OWN_FETCH_SITES.has(String(site)) ? new ApiError(403, 'errors.forbiddenOrigin') : undefined);
        return;
      }
      const trusted = request.routeOptions.config.webhook === true || sameOrigin(request.headers.origin ?? request.headers.referer, request.headers.host);
      done(trusted ? undefined : new ApiError(403, 'errors.forbiddenOrigin'));
    });
  },
  { name: 'csrf-guard', dependencies: ['error-handler'] },
);
