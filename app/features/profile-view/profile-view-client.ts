import { likesEndpoints } from '../../../common/likes/likes-endpoints';
import { profileViewEndpoints } from '../../../common/profile-view/profile-view-endpoints';
import { api } from '../../lib/api';
import { ApiClientError } from '../../lib/api-client';
import { announceLike } from '../../lib/like-events';

export type LikeAnswer = 'liked' | 'match';

/** The result of a button's call: done, or the server's translated message. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };

async function call<T>(run: () => Promise<T | false>, fallback: string): Promise<Outcome<T>> {
  try {
    const value = await run();
    // false: the session ended meanwhile; the page reloads as a visitor.
    if (value === false) {
      window.location.reload();
      return { ok: false, message: fallback };
    }
    return { ok: true, value };
  } catch (error) {
    return { ok: false, message: error instanceof ApiClientError ? error.message : fallback };
  }
}

/** POST /api/like.php from the profile, announced to the overlay and the likes badge. */
export async function likeProfile(profileId: number, fallback: string): Promise<Outcome<LikeAnswer>> {
  const outcome = await call(
    async () => {
      const answer = await api.call(likesEndpoints.like, { body: { profile_id: profileId, source: 'profile' }, idempotencyKey: `like-${profileId}-${Date.now()}` });
      return answer === false ? false : answer.state;
    },
    fallback,
  );
  if (outcome.ok) announceLike({ profileId, state: outcome.value });
  return outcome;
}

export async function unlikeProfile(profileId: number, fallback: string): Promise<Outcome<true>> {
  const outcome = await call(async () => ((await api.call(likesEndpoints.unlike, { body: { profile_id: profileId } })) === false ? false : (true as const)), fallback);
  if (outcome.ok) announceLike({ profileId, state: 'unliked' });
  return outcome;
}

export const blockProfile = (profileId: number, fallback: string) => call(() => api.call(profileViewEndpoints.block, { body: { profile_id: profileId } }), fallback);
export const unblockProfile = (profileId: number, fallback: string) => call(() => api.call(profileViewEndpoints.unblock, { body: { profile_id: profileId } }), fallback);

/**
 * Opening a profile clears like_new of this profile's like only (spec section 4). Nothing
 * to clear (or the likes API not there) is not an error: failures are ignored.
 */
export async function markProfileLikeSeen(profileId: number): Promise<void> {
  try {
    await api.call(likesEndpoints.likeSeen, { body: { profile_id: profileId } });
  } catch {
    // 404 (no like from this member) or a transient failure: the badge refreshes later anyway.
  }
}
