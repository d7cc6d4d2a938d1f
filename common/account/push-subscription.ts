import { z } from 'zod';

/** Devices one member may keep subscribed; the oldest goes when a new one comes. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** Unpadded base64url of exactly `bytes` bytes (what PushSubscription.toJSON() gives). */
const base64urlOf = (bytes: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`));

/**
 * Push services are public HTTPS hosts; an endpoint naming this machine, a bare address or
 * a non-HTTPS URL is refused, so that sending pushes later can never be turned into
 * requests to internal services (SSRF).
 */
function isPublicHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    host.includes('.') &&
    !host.startsWith('[') &&
    !/^[\d.]+$/.test(host) &&
    !host.endsWith('.localhost') &&
    !host.endsWith('.local') &&
    !host.endsWith('.internal')
  );
}

/** POST /api/user.php?push=1: a PushSubscription as the browser serialises it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH).refine(isPublicHttpsUrl),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 public key: 65 bytes starting with 0x04 (base64url "B...").
    p256dh: base64urlOf(65).refine((s) => s.startsWith('B')),
    auth: base64urlOf(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/user.php?push=1: stop pushing to this device. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) });

export const pushSavedSchema = z.object({ ok: z.literal(true), push_subscriptions: z.number().int() });
