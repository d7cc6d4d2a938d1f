import type { FastifyRequest } from 'fastify';
import { REACTIVATE_QUERY } from '../../common/account-deletion/account-deletion-rules';
import { SIGNED_MEDIA_PREFIX } from '../domain/photos/media-url';

/**
 * Query parameters that carry a secret: the mailed activation, reset and mail-change links
 * (`token`), the reactivation link (`reactivate`, which logs its holder in) and discount codes
 * (`code`: a member's personal stay code). Whoever reads the logs must not be able
 * to use them, so their values never reach a log line.
 */
export const SECRET_QUERY_PARAMS: ReadonlySet<string> = new Set(['token', REACTIVATE_QUERY, 'code']);
const REDACTED = '[redacted]';

/** The URL as it may be logged: secret query values and the signature of a signed media URL replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q === -1 ? url : url.slice(0, q);
  // /media/s/<expires>/<signature>/<key>: the signature lets anyone fetch a private photo for an hour or two.
  if (path.startsWith(SIGNED_MEDIA_PREFIX)) path = path.replace(/^(\/media\/s\/[^/]*\/)[^/]+/, `$1${REDACTED}`);
  if (q === -1) return path;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const rawName = eq === -1 ? part : part.slice(0, eq);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' ')).toLowerCase();
      } catch {
        // A name that does not even decode is not one we know: keep nothing of its value.
        return `${rawName}=${REDACTED}`;
      }
      return SECRET_QUERY_PARAMS.has(name) ? `${rawName}=${REDACTED}` : part;
    });
  return `${path}?${parts.join('&')}`;
}

/** Fastify's own request serializer, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
