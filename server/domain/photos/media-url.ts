/**
 * Where stored files are served. Only the seeded demo pool (keys "demo/...") is public
 * and static; every member upload is served through a short-lived signed URL made by
 * server/domain/photos/photo-urls.ts — use that module to present any photo.
 */
export const MEDIA_PREFIX = '/media/';
export const DEMO_KEY_PREFIX = 'demo/';
export const DEMO_MEDIA_PREFIX = `${MEDIA_PREFIX}${DEMO_KEY_PREFIX}`;
/** /media/s/<expires>/<signature>/<key> */
export const SIGNED_MEDIA_PREFIX = `${MEDIA_PREFIX}s/`;

export function isDemoKey(key: string): boolean {
  return key.startsWith(DEMO_KEY_PREFIX);
}

