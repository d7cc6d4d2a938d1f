import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
      done(SAFE_METHODS.has(request.method) || sameOrigin(request.headers.origin ?? request.headers.referer, request.headers.host) ? undefined : new ApiError(403, 'errors.forbiddenOrigin'));
    });
  },
  { name: 'csrf-guard', dependencies: ['error-handler'] },
);
