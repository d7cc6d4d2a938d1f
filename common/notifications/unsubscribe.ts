import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { EMAIL_NOTIFICATION_TYPES } from '../account/notification-settings';

/** The page a mail's footer link opens: it shows what would stop and asks before it does. */
export const UNSUBSCRIBE_PAGE = '/unsubscribe';

/** The signed token of a notification mail's links (never logged: `token` is redacted in request logs). */
const tokenQuery = z.object({ token: z.string().min(1).max(200) });

/** RFC 8058's one-click body, form-encoded from mail clients or JSON from the page. */
export const oneClickBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

const answer = z.object({ type: z.enum(EMAIL_NOTIFICATION_TYPES) });

export const unsubscribeEndpoints = {
  /** What the token would turn off (changes nothing): the page's question. */
  check: endpoint({ method: 'GET', path: '/api/unsubscribe.php', query: tokenQuery, response: answer }),
  /** Turns the token's type off for its member and records the reason `listunsubscribe`. */
  unsubscribe: endpoint({ method: 'POST', path: '/api/unsubscribe.php', query: tokenQuery, body: oneClickBody, response: answer.extend({ ok: z.literal(true) }) }),
};
