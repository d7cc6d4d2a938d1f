import fp from 'fastify-plugin';
import { isHttps } from '../http/https';

/** CSP of server-rendered pages; scripts run only with this response's nonce. */
export function pageCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    // react-bootstrap positions modals and dropdowns with style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // Same-origin ws:/wss: are covered by 'self' (CSP Level 3); any other host is not.
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // Clickjacking: no other origin may frame us.
    "frame-ancestors 'none'",
  ].join('; ');
}

// Anything that is not a page (JSON, images) needs no script, style or frame.
const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

const COMMON = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'geolocation=(self), camera=(), microphone=(), payment=(self)',
};

export const securityHeadersPlugin = fp(
  async (app) => {
    // A callback hook (not async): it runs on every response, and a promise per hook costs.
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.headers(COMMON);
      if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', RESOURCE_CSP);
      // HSTS only means something over TLS; on plain http it would be ignored anyway.
      if (isHttps(request)) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
