import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { randomInt } from 'node:crypto';

/** Sends the webhook for a test payment to `url`, after `delayMs` and the provider's own jitter. */
export type WebhookDelivery = (url: string, id: string, delayMs?: number) => void;

const RETRY_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000];

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** *.localhost names the local machine (RFC 6761) although the system resolver may not know the demo sites' names. */
function loopbackLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) {
    if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
    else callback(null, '127.0.0.1', 4);
    return;
  }
  dnsLookup(hostname, options, callback as never);
}

function post(url: URL, body: string): Promise<number> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', lookup: loopbackLookup, timeout: 10_000, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(body) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('timeout', () => request.destroy(new Error('webhook timed out')));
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * Like a real provider: a webhook leaves a little later (so two changes may arrive out of
 * order) and is retried with growing pauses until the shop answers 2xx. Timers do not keep
 * the process alive; a delivery lost at shutdown is what the result page's status poll covers.
 */
export const deliverWebhook: WebhookDelivery = (url, id, delayMs = 0) => {
  const target = new URL(url);
  const body = new URLSearchParams({ id }).toString();
  const attempt = (n: number) => {
    post(target, body)
      .then((status) => {
        if (status >= 200 && status < 300) return;
        throw new Error(`webhook answered ${status}`);
      })
      .catch(() => {
        const pause = RETRY_DELAYS_MS[n];
        if (pause !== undefined) setTimeout(() => attempt(n + 1), pause).unref();
      });
  };
  setTimeout(() => attempt(0), delayMs + 50 + randomInt(550)).unref();
};
