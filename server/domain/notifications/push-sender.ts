import { readFileSync } from 'node:fs';
import webpush, { type Urgency } from 'web-push';
import type { AppConfig } from '../../config';
import type { PushPayload } from '../../../common/notifications/push-payload';
import { PublicOnlyAgent, PushAddressRefused } from './push-address-guard';

/** A stored subscription: where its push service is and the browser's keys. */
export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushDelivery {
  /** The VAPID contact: mailto: the site's support address. */
  subject: string;
  /** Seconds the push service keeps the message for an offline device. */
  ttlSeconds: number;
  urgency: Urgency;
  /** A newer push with the same topic replaces one not yet delivered (RFC 8030 section 5.4). */
  topic: string;
}

/**
 * sent: the push service took it; gone: the subscription expired or was revoked (404/410),
 * forget it; refused: its address is not public (SSRF), forget it; rejected: the service
 * refused this request (400/401/403/413) and would again, so no retry.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'rejected';

const GONE = new Set([404, 410]);
const REJECTED = new Set([400, 401, 403, 413]);
const SOCKET_TIMEOUT_MS = 10_000;

/**
 * Sends encrypted Web Push messages (RFC 8030/8291/8292) with the maintained web-push library,
 * through an agent that connects to public addresses only. Any other failure (network, 429,
 * 5xx) is thrown: the caller's job is retried with backoff.
 */
export class WebPushSender {
  private readonly publicAgent = new PublicOnlyAgent({ keepAlive: true, maxSockets: 64 });
  private readonly testAgent: PublicOnlyAgent | null;

  constructor(
    private readonly vapid: { publicKey: string; privateKey: string },
    /** Tests only (PUSH_TEST_ORIGIN, PUSH_TEST_CA_FILE): the local push service and its certificate. */
    private readonly test: { origin: string; ca?: string } | null = null,
  ) {
    // Its own agent: the test certificate is trusted for the local push service only.
    this.testAgent = test ? new PublicOnlyAgent({ keepAlive: true, ...(test.ca ? { ca: test.ca } : {}) }, hostAndPort(test.origin)) : null;
  }

  async send(device: PushDevice, payload: PushPayload, delivery: PushDelivery): Promise<PushOutcome> {
    const toTest = this.test !== null && originOf(device.endpoint) === this.test.origin;
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: delivery.subject, publicKey: this.vapid.publicKey, privateKey: this.vapid.privateKey },
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        topic: delivery.topic,
        contentEncoding: 'aes128gcm',
        timeout: SOCKET_TIMEOUT_MS,
        agent: toTest && this.testAgent ? this.testAgent : this.publicAgent,
      });
      return 'sent';
    } catch (error) {
      if (error instanceof PushAddressRefused) return 'refused';
      if (error instanceof webpush.WebPushError && GONE.has(error.statusCode)) return 'gone';
      if (error instanceof webpush.WebPushError && REJECTED.has(error.statusCode)) return 'rejected';
      throw error;
    }
  }

  close(): void {
    this.publicAgent.destroy();
    this.testAgent?.destroy();
  }
}

function originOf(endpoint: string): string | null {
  try {
    return new URL(endpoint).origin;
  } catch {
    return null;
  }
}

/** "127.0.0.1:4443" as the agent sees host and port (no brackets; https' 443 when the origin names none). */
function hostAndPort(origin: string): string {
  const url = new URL(origin);
  return `${url.hostname.replace(/^\[|\]$/g, '')}:${url.port || '443'}`;
}

/** The process's sender: its VAPID keys, and the tests' local push service when configured. */
export function pushSenderFor(config: Pick<AppConfig, 'PUSH_TEST_ORIGIN' | 'PUSH_TEST_CA_FILE'>, keys: { vapidPublicKey: string; vapidPrivateKey: string }): WebPushSender {
  const test = config.PUSH_TEST_ORIGIN ? { origin: config.PUSH_TEST_ORIGIN, ...(config.PUSH_TEST_CA_FILE ? { ca: readFileSync(config.PUSH_TEST_CA_FILE, 'utf8') } : {}) } : null;
  return new WebPushSender({ publicKey: keys.vapidPublicKey, privateKey: keys.vapidPrivateKey }, test);
}
