import { randomBytes } from 'node:crypto';

/**
 * A storage key is a relative path of lower-case segments ("u/3f/3f9a....webp"): no
 * leading slash, no "." or ".." segment, no backslash or other characters a file system
 * or a URL would read differently. Both backends refuse anything else, so a key that
 * came from a URL can never reach outside the storage root (path traversal).
 */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*(?:\/[a-z0-9][a-z0-9_-]*(?:\.[a-z0-9_-]+)*)*$/;
export const MAX_KEY_LENGTH = 200;

export function isValidStorageKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key);
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key.slice(0, MAX_KEY_LENGTH))}`);
}

/** 128 random bits as 32 hex digits: a name nobody can guess or enumerate. */
export function randomKeyId(): string {
  return randomBytes(16).toString('hex');
}

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png' };

/** The content type of a key by its extension (local disk keeps no metadata of its own). */
export function contentTypeOfKey(key: string): string {
  return TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
