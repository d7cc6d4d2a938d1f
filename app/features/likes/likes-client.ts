import type { AutoLikeProfile, LikeSource, LikeState, LikesResponse, SwipeCardsResponse, SwipeResponse } from '../../../common/likes/likes';
import { likesEndpoints } from '../../../common/likes/likes-endpoints';
import { api } from '../../lib/api';
import { announceLike } from '../../lib/like-events';
import { setAttentionCount } from '../../lib/attention-count';

/** Throws instead of resolving false (the session ended: the page reloads as a visitor). */
function must<T>(value: T | false): T {
  if (value === false) {
    window.location.reload();
    throw new Error('logged out');
  }
  return value;
}

let loadedOnce = false;

/** GET /api/likes.php; the progress bar shows on the first load only (spec section 7). Reports the new-likes count. */
export async function loadLikes(): Promise<LikesResponse> {
  const body = must(await api.call(likesEndpoints.likes, { progress: !loadedOnce }));
  loadedOnce = true;
  setAttentionCount('likes', body.new_likes);
  return body;
}

/** Likes a member and tells the rest of the page (overlay, badge). */
export async function likeMember(profileId: number, source: LikeSource): Promise<LikeState> {
  const { state } = must(await api.call(likesEndpoints.like, { body: { profile_id: profileId, source }, idempotencyKey: `like-${profileId}-${Date.now()}` }));
  announceLike({ profileId, state });
  return state;
}

export async function unlikeMember(profileId: number): Promise<void> {
  must(await api.call(likesEndpoints.unlike, { body: { profile_id: profileId } }));
  announceLike({ profileId, state: 'unliked' });
}

/** Clears like_new of one profile's like; the profile view calls this when it opens. */
export async function markLikeSeen(profileId: number): Promise<number> {
  const { new_likes } = must(await api.call(likesEndpoints.likeSeen, { body: { profile_id: profileId } }));
  setAttentionCount('likes', new_likes);
  return new_likes;
}

export async function fetchAutoLike(): Promise<{ profile: AutoLikeProfile | null; new_likes: number }> {
  return must(await api.call(likesEndpoints.autoLike));
}

export async function fetchSwipeCards(): Promise<SwipeCardsResponse> {
  return must(await api.call(likesEndpoints.swipeCards, { progress: true }));
}

export async function sendSwipe(profileId: number, action: 'like' | 'pass'): Promise<SwipeResponse> {
  const answer = must(await api.call(likesEndpoints.swipe, { body: { profile_id: profileId, action }, idempotencyKey: `swipe-${profileId}-${action}` }));
  if (answer.state === 'liked' || answer.state === 'match') announceLike({ profileId, state: answer.state });
  return answer;
}
