import type { TestApp } from './test-app';
import { HOST, nextIp } from './test-client';

/** A provider's webhook delivery as it arrives: no cookie, no Origin, form fields or JSON. */
export function deliverWebhook(t: TestApp, provider: string, payload: string | object) {
  return t.app.inject({
    method: 'POST',
    url: `/api/payment-webhook.php?provider=${provider}`,
    remoteAddress: nextIp(),
    headers: { host: HOST, 'content-type': typeof payload === 'string' ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload,
  });
}
