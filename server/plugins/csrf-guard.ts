import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';
import { normalizeHost } from '../domain/sites/site-directory';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie-authenticated writes (OWASP "verify origin with standard
 * headers"): a state-changing request must come from a page of the same host. Browsers
 * always send Origin on cross-site POST/PUT/DELETE and on sendBeacon, so a forged form
 * or fetch from another site is refused before any handler runs. SameSite cookies are
 * the second layer.
 */
export const csrfGuardPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const source = request.headers.origin ?? request.headers.referer;
      const host = request.headers.host;
      if (!source || !host) throw new ApiError(403, 'errors.forbiddenOrigin');
      let sourceHost: string;
      try {
        sourceHost = new URL(source).host;
      } catch {
        throw new ApiError(403, 'errors.forbiddenOrigin');
      }
      if (normalizeHost(sourceHost) !== normalizeHost(host) || sourceHost.toLowerCase() !== host.toLowerCase()) {
        throw new ApiError(403, 'errors.forbiddenOrigin');
      }
    });
  },
  { name: 'csrf-guard', dependencies: ['error-handler'] },
);
