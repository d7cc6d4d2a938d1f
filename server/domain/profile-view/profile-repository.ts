import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blocks, likes, members, photos } from '../../db/schema';
import type { MemberRow } from '../members/account-repository';
import { listedMemberConditions } from '../members/members-repository';
import type { StoredPhoto } from '../photos/photo-urls';

/**
 * A listed member of the site (or the viewer's own profile). Blocks are not part of this
 * lookup on purpose: the caller answers a block each way differently (403 with the
 * blocker's name, or the profile with blocked_by_me), see blockBetween().
 */
export async function findProfileMember(db: Db, siteId: number, id: number, viewerId: number | null): Promise<MemberRow | undefined> {
  const own = viewerId === id ? and(eq(members.siteId, siteId), sql`${members.status} <> 'pending_deletion'`) : listedMemberConditions(siteId);
  const [row] = await db.select().from(members).where(and(eq(members.id, id), own));
  return row;
}

/**
 * Whom the viewer may block: a listed member of the site, and anyone on the site who is tied
 * to the viewer by a conversation or a like, whatever their state (invisible, unconfirmed,
 * pending deletion). Blocking is the victim's main safety control, so a sender hiding in
 * invisible mode must not escape it; strangers who are not listed stay "not found", so that
 * blocking cannot probe for hidden members.
 */
export async function findBlockableMember(db: Db, siteId: number, viewerId: number, id: number): Promise<{ id: number } | undefined> {
  const [low, high] = viewerId < id ? [viewerId, id] : [id, viewerId];
  const tied = sql`(exists (select 1 from conversations c where c.member_low_id = ${low} and c.member_high_id = ${high})
    or exists (select 1 from likes l where (l.liker_id = ${id} and l.liked_id = ${viewerId}) or (l.liker_id = ${viewerId} and l.liked_id = ${id})))`;
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), or(listedMemberConditions(siteId), and(eq(members.siteId, siteId), tied))));
  return row;
}

export interface BlockBetween {
  /** The profile's owner blocked the viewer. */
  blockedMe: boolean;
  /** The viewer blocked the profile's owner. */
  blockedByMe: boolean;
}

export async function blockBetween(db: Db, viewerId: number, otherId: number): Promise<BlockBetween> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)), and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, viewerId))));
  return { blockedMe: rows.some((r) => r.blockerId === otherId), blockedByMe: rows.some((r) => r.blockerId === viewerId) };
}

/** The active gallery photos of a member, main photo first, then in the member's order. */
export async function galleryPhotos(db: Db, member: Pick<MemberRow, 'id' | 'mainPhotoId'>): Promise<StoredPhoto[]> {
  const rows = await db
    .select()
    .from(photos)
    .where(and(eq(photos.memberId, member.id), eq(photos.kind, 'profile'), eq(photos.status, 'active')))
    .orderBy(asc(photos.position), asc(photos.id));
  return [...rows.filter((p) => p.id === member.mainPhotoId), ...rows.filter((p) => p.id !== member.mainPhotoId)];
}

export interface LikePair {
  liked: boolean;
  likedByThem: boolean;
}

export async function likePair(db: Db, viewerId: number, otherId: number): Promise<LikePair> {
  const rows = await db
    .select({ likerId: likes.likerId })
    .from(likes)
    .where(or(and(eq(likes.likerId, viewerId), eq(likes.likedId, otherId)), and(eq(likes.likerId, otherId), eq(likes.likedId, viewerId))));
  return { liked: rows.some((r) => r.likerId === viewerId), likedByThem: rows.some((r) => r.likerId === otherId) };
}
