/** Where the storage key of a public media file (a photo, a thumbnail) is served. */
export const MEDIA_PREFIX = '/media/';

export function mediaUrl(key: string): string {
  return `${MEDIA_PREFIX}${key}`;
}
