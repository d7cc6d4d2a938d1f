import { z } from 'zod';

/** Devices one member may keep subscribed; the oldest goes when a new one comes. */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/** Unpadded base64url of exactly `bytes` bytes (what PushSubscription.toJSON() gives). */
const base64urlOf = (bytes: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}={0,2}$`));

/**
 * The shape of a push endpoint: an https URL without credentials. Which hosts may be named
 * (public ones only, against SSRF) is the server's rule: server/domain/settings/push-endpoint-rule.ts.
 */
function isHttpsUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return url.protocol === 'https:' && !url.username && !url.password;
}

/** POST /api/user.php?push=1: a PushSubscription as the browser serialises it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH).refine(isHttpsUrl),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    // An uncompressed P-256 public key: 65 bytes, the first 0x04 (base64url "B" then A-P, the
    // next char's top two bits being zero). That it lies on the curve is checked by the server.
    p256dh: base64urlOf(65).refine((s) => /^B[A-P]/.test(s)),
    auth: base64urlOf(16),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/user.php?push=1: stop pushing to this device. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().max(PUSH_ENDPOINT_MAX_LENGTH) });

export const pushSavedSchema = z.object({ ok: z.literal(true), push_subscriptions: z.number().int() });
