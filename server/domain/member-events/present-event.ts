import type { LiveEvent } from '../../../common/chat/chat-schema';

/** Signs a storage key for the browser (photos' PhotoUrls implements it). */
export interface FileSigner {
  file(key: string): string;
}

/**
 * Events are stored with storage keys where the browser needs URLs (photo messages, the
 * tile's thumb): signed URLs expire within hours, events are kept for days. This signs
 * them for the moment of sending (replay and live alike).
 */
export function presentEvent<E extends LiveEvent>(urls: FileSigner, stored: E): E {
  return presentAny(urls, stored) as E;
}

function presentAny(urls: FileSigner, stored: LiveEvent): LiveEvent {
  const sign = (key: string) => (key.startsWith('/') ? key : urls.file(key));
  const tile = <T extends { photo: { thumb: string; width: number; height: number } | null }>(p: T): T => (p.photo ? { ...p, photo: { ...p.photo, thumb: sign(p.photo.thumb) } } : p);
  switch (stored.kind) {
    case 'message': {
      const m = stored.message;
      return { ...stored, profile: tile(stored.profile), message: m.photo ? { ...m, photo: { ...m.photo, url: sign(m.photo.url), thumb: sign(m.photo.thumb) } } : m };
    }
    case 'like':
      return { ...stored, profile: tile(stored.profile) };
    default:
      return stored;
  }
}
