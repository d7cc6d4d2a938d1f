import type { FastifyRequest } from 'fastify';

/**
 * Whether the visitor reached us over TLS. Behind a TLS-terminating proxy the connection to
 * us is plain http: without TRUST_PROXY (X-Forwarded-Proto) or ASSUME_HTTPS the session cookie
 * would lose Secure and HSTS would be missing, so a network attacker could strip TLS.
 */
export function isHttps(request: FastifyRequest): boolean {
  return request.server.config.ASSUME_HTTPS || request.protocol === 'https';
}

/** The scheme the visitor sees ("https" or "http"). */
export function schemeOf(request: FastifyRequest): 'https' | 'http' {
  return isHttps(request) ? 'https' : 'http';
}
