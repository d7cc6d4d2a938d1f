/**
 * Likes made anywhere (search tiles, a profile, the swipe game, the like modal) are
 * announced here; the new-like overlay and the likes badge listen. A window event keeps
 * the features apart: none imports another.
 */
export interface LikeAnnouncement {
  profileId: number;
  /** 'liked': a one-way like; 'match': the other member liked first, now it is mutual; 'unliked'. */
  state: 'liked' | 'match' | 'unliked';
}

const EVENT = 'rendezvous:like';

export function announceLike(detail: LikeAnnouncement): void {
  window.dispatchEvent(new CustomEvent<LikeAnnouncement>(EVENT, { detail }));
}

/** Calls `listener` for every announced like; returns the unsubscribe function. */
export function onLike(listener: (like: LikeAnnouncement) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<LikeAnnouncement>).detail);
  window.addEventListener(EVENT, handler);
  return () => window.removeEventListener(EVENT, handler);
}
