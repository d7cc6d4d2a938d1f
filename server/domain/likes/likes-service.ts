import type { AutoLikeProfile, LikeEntry, LikeSource, LikeState, LikesResponse, SwipeAllowance, SwipeCardsResponse, SwipeResponse } from '../../../common/likes/likes';
import { SWIPE_LIKES_PER_DAY } from '../../../common/limits';
import type { Db, Tx } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { appendEvents } from '../member-events/member-events-repository';
import { publishEvents, type MemberEventBus } from '../member-events/publish-events';
import { memberTile, toTile } from '../members/member-tiles';
import { memberVisibility } from '../members/members-repository';
import {
  autoLiker,
  countNewLikes,
  deleteLike,
  insertLike,
  insertPass,
  isConfirmedMember,
  isVisibleMember,
  lastAutoLikeAt,
  likeExists,
  listReceived,
  listSent,
  lockMember,
  markLikeSeen,
  newestNewLike,
  swipeCards,
  swipeLikesSince,
  type Seeker,
} from './likes-repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** An auto-like (a profile liking the member by itself) comes at most once a day. */
const AUTO_LIKE_EVERY_MS = DAY_MS;
const SWIPE_CARDS = 10;

type FileUrl = (key: string) => string;

const notFound = () => new ApiError(404, 'likes:errors.notFound');

/** Likes `profileId` (once); 404 unless it is a member the liker may see. */
export async function like(db: Db, siteId: number, likerId: number, profileId: number, source: LikeSource, bus?: MemberEventBus): Promise<LikeState> {
  const events: Published[] = [];
  const state = await db.transaction((tx) => likeIn(tx, siteId, likerId, profileId, source, events));
  if (bus) publishEvents(bus, events);
  return state;
}

type Published = Awaited<ReturnType<typeof appendEvents>>[number];

/** Stores the like; a new one is a live event for the liked member (the new-like overlay, the badge). */
async function likeIn(tx: Tx, siteId: number, likerId: number, profileId: number, source: LikeSource, events: Published[]): Promise<LikeState> {
  if (!(await isVisibleMember(tx, siteId, likerId, profileId))) throw notFound();
  // Decision 0015: an account nobody confirmed costs nothing to make, so its likes (free,
  // one click each) would be a spam channel; it may write (spec 2's first message) but not like.
  if (!(await isConfirmedMember(tx, likerId))) throw new ApiError(403, 'likes:errors.confirmFirst');
  const fresh = await insertLike(tx, likerId, profileId, source);
  const match = await likeExists(tx, profileId, likerId);
  // The liked member hears of it only when they may see the liker (the visibility rule of the
  // likes lists): an invisible liker's card must not reach them through the live event.
  if (fresh && (await memberVisibility(tx, siteId, profileId, likerId)).listed) {
    const profile = await memberTile(tx, likerId);
    const newLikes = await countNewLikes(tx, siteId, profileId);
    events.push(...(await appendEvents(tx, [{ memberId: profileId, event: { kind: 'like', profile: profile!, match, total_new_likes: newLikes } }])));
  }
  return match ? 'match' : 'liked';
}

export async function unlike(db: Db, siteId: number, likerId: number, profileId: number): Promise<void> {
  if (!(await isVisibleMember(db, siteId, likerId, profileId))) throw notFound();
  await deleteLike(db, likerId, profileId);
}

export async function likesOf(db: Db, siteId: number, memberId: number, fileUrl: FileUrl): Promise<LikesResponse> {
  const [received, sent] = await Promise.all([listReceived(db, siteId, memberId), listSent(db, siteId, memberId)]);
  const now = new Date();
  const entry = (row: (typeof received)[number], isReceived: boolean): LikeEntry => ({
    ...toTile(row, fileUrl, now),
    like_new: isReceived && row.seenAt === null,
    mutual: Boolean(row.mutual),
    liked_at: row.createdAt.toISOString(),
  });
  const liked_by = received.map((r) => entry(r, true));
  return { profiles: sent.map((r) => entry(r, false)), liked_by, new_likes: liked_by.filter((e) => e.like_new).length };
}

/** Opening a profile (or a like from a mail) clears like_new of that profile's like only. */
export async function seeLike(db: Db, siteId: number, memberId: number, profileId: number): Promise<number> {
  await markLikeSeen(db, memberId, profileId);
  return countNewLikes(db, siteId, memberId);
}

/**
 * The new-like overlay's profile when none is supplied: the newest new like, or else (at
 * most once a day) a like a fictional profile sends by itself. Null: nothing to show.
 */
export async function autoLike(db: Db, siteId: number, me: Seeker, fileUrl: FileUrl, now = new Date()): Promise<{ profile: AutoLikeProfile | null; new_likes: number }> {
  let row = await newestNewLike(db, siteId, me.id);
  if (!row) {
    const last = await lastAutoLikeAt(db, me.id);
    if (!last || now.getTime() - last.getTime() >= AUTO_LIKE_EVERY_MS) {
      const liker = await autoLiker(db, siteId, me);
      if (liker && (await insertLike(db, liker.id, me.id, 'auto', now))) row = liker;
    }
  }
  const new_likes = await countNewLikes(db, siteId, me.id);
  if (!row) return { profile: null, new_likes };
  return { profile: { id: row.id, name: row.name, main_image: row.filename ? { match: fileUrl(row.filename) } : null }, new_likes };
}

function allowanceOf(likedAt: Date[]): SwipeAllowance {
  const remaining = Math.max(0, SWIPE_LIKES_PER_DAY - likedAt.length);
  // Used up: the next like comes a day after the oldest of today's likes.
  const oldest = likedAt[likedAt.length - SWIPE_LIKES_PER_DAY];
  return { limit: SWIPE_LIKES_PER_DAY, remaining, next_at: remaining === 0 && oldest ? new Date(oldest.getTime() + DAY_MS).toISOString() : null };
}

export async function swipeAllowance(db: Db | Tx, memberId: number, now = new Date()): Promise<SwipeAllowance> {
  return allowanceOf(await swipeLikesSince(db, memberId, new Date(now.getTime() - DAY_MS)));
}

export async function nextSwipeCards(db: Db, siteId: number, me: Seeker, fileUrl: FileUrl): Promise<SwipeCardsResponse> {
  const [rows, allowance] = await Promise.all([swipeCards(db, siteId, me, SWIPE_CARDS), swipeAllowance(db, me.id)]);
  const now = new Date();
  return { cards: rows.map((r) => toTile(r, fileUrl, now)), allowance };
}

/**
 * A swipe: a pass is remembered; a like counts against the day's SWIPE_LIKES_PER_DAY,
 * checked with the member's row locked so that parallel requests cannot exceed it.
 */
export async function swipe(db: Db, siteId: number, memberId: number, profileId: number, action: 'like' | 'pass', bus?: MemberEventBus): Promise<SwipeResponse> {
  const events: Published[] = [];
  const result = await db.transaction(async (tx) => {
    if (!(await isVisibleMember(tx, siteId, memberId, profileId))) throw notFound();
    if (action === 'pass') {
      await insertPass(tx, memberId, profileId);
      return { state: 'passed' as const, allowance: await swipeAllowance(tx, memberId) };
    }
    await lockMember(tx, memberId);
    const now = new Date();
    const before = await swipeAllowance(tx, memberId, now);
    if (await likeExists(tx, memberId, profileId)) {
      return { state: (await likeExists(tx, profileId, memberId)) ? ('match' as const) : ('liked' as const), allowance: before };
    }
    if (before.remaining === 0) return { state: 'limit' as const, allowance: before };
    const state = await likeIn(tx, siteId, memberId, profileId, 'swipe', events);
    return { state, allowance: await swipeAllowance(tx, memberId, now) };
  });
  if (bus) publishEvents(bus, events);
  return result;
}
