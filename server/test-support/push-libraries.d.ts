// The two libraries of web-push's own stack that the local push service uses to check what it
// receives; neither ships types. Only the calls used here are declared.

declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  /** RFC 8188 decryption; for Web Push (RFC 8291) the receiver's ECDH key and auth secret. */
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: Buffer | string }): Buffer;
}

declare module 'jws' {
  import type { KeyObject } from 'node:crypto';

  export function verify(signature: string, algorithm: string, key: KeyObject | string): boolean;
  export function decode(signature: string, options?: { json?: boolean }): { header: Record<string, unknown>; payload: unknown; signature: string } | null;
}
