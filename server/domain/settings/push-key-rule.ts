import { createPublicKey } from 'node:crypto';

/**
 * Whether a subscription's p256dh (base64url, 65 bytes, shape checked by the shared schema) is
 * a point on P-256. Pushes are encrypted to this key: an off-curve one would make every push
 * job for the member fail and retry, so it is refused when saved. OpenSSL checks the point as
 * it imports the JWK; ECDH.convertKey is not used because it also takes 0x06/0x07 points.
 */
export function isP256PublicKey(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  const jwk = { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') };
  try {
    createPublicKey({ key: jwk, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}
