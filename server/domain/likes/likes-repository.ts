import { and, asc, desc, eq, gt, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { likes, members, photos, swipePasses } from '../../db/schema';
import { tileColumns, visibleMemberConditions } from '../members/members-repository';

type Conn = Db | Tx;

/** A tile's columns plus the full main photo (for the overlay's large picture). */
const likeColumns = { ...tileColumns, filename: photos.filename };

export type LikeRow = Awaited<ReturnType<typeof listReceived>>[number];

/** Whether `id` is a member of the site `viewerId` may see (and like): never the viewer. */
export async function isVisibleMember(db: Conn, siteId: number, viewerId: number, id: number): Promise<boolean> {
  if (id === viewerId) return false;
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), visibleMemberConditions(siteId, viewerId)));
  return Boolean(row);
}

/** Whether the member confirmed their account (spec 3: status not_confirmed until the e-mail link). */
export async function isConfirmedMember(db: Conn, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, id), sql`${members.status} <> 'not_confirmed'`));
  return Boolean(row);
}

/** Stores the like (once: liking twice is one like); true when it is new. */
export async function insertLike(db: Conn, likerId: number, likedId: number, source: string, at?: Date): Promise<boolean> {
  const rows = await db
    .insert(likes)
    .values({ likerId, likedId, source, ...(at ? { createdAt: at } : {}) })
    .onConflictDoNothing()
    .returning({ likerId: likes.likerId });
  return rows.length > 0;
}

export async function likeExists(db: Conn, likerId: number, likedId: number): Promise<boolean> {
  const [row] = await db
    .select({ likerId: likes.likerId })
    .from(likes)
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
  return Boolean(row);
}

export async function deleteLike(db: Conn, likerId: number, likedId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
}

const mutualReceived = (memberId: number) => sql<boolean>`exists (select 1 from ${likes} r where r.liker_id = ${memberId} and r.liked_id = ${members.id})`;
const mutualSent = (memberId: number) => sql<boolean>`exists (select 1 from ${likes} r where r.liker_id = ${members.id} and r.liked_id = ${memberId})`;

const LIST_LIMIT = 200;

/** Likes the member received from visible members: new (unseen) first, then the others, newest first. */
export function listReceived(db: Conn, siteId: number, memberId: number, limit = LIST_LIMIT) {
  return db
    .select({ ...likeColumns, seenAt: likes.seenAt, createdAt: likes.createdAt, mutual: mutualReceived(memberId) })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(and(eq(likes.likedId, memberId), visibleMemberConditions(siteId, memberId)))
    .orderBy(sql`${likes.seenAt} is null desc`, desc(likes.createdAt))
    .limit(limit);
}

/** Likes the member gave to visible members, newest first. */
export function listSent(db: Conn, siteId: number, memberId: number, limit = LIST_LIMIT) {
  return db
    .select({ ...likeColumns, seenAt: likes.seenAt, createdAt: likes.createdAt, mutual: mutualSent(memberId) })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likedId))
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(and(eq(likes.likerId, memberId), visibleMemberConditions(siteId, memberId)))
    .orderBy(desc(likes.createdAt))
    .limit(limit);
}

/** New (unseen) likes from visible members: the top bar's badge. */
export async function countNewLikes(db: Conn, siteId: number, memberId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .where(and(eq(likes.likedId, memberId), isNull(likes.seenAt), visibleMemberConditions(siteId, memberId)));
  return row?.n ?? 0;
}

/** Marks the like of `likerId` to `memberId` seen (that one only). */
export async function markLikeSeen(db: Conn, memberId: number, likerId: number, now = new Date()): Promise<void> {
  await db
    .update(likes)
    .set({ seenAt: now })
    .where(and(eq(likes.likedId, memberId), eq(likes.likerId, likerId), isNull(likes.seenAt)));
}

/** The newest unseen received like from a visible member, with its main photo. */
export async function newestNewLike(db: Conn, siteId: number, memberId: number) {
  const [row] = await db
    .select(likeColumns)
    .from(likes)
    .innerJoin(members, eq(members.id, likes.likerId))
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(and(eq(likes.likedId, memberId), isNull(likes.seenAt), visibleMemberConditions(siteId, memberId)))
    .orderBy(desc(likes.createdAt))
    .limit(1);
  return row ?? null;
}

export async function lastAutoLikeAt(db: Conn, memberId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: likes.createdAt })
    .from(likes)
    .where(and(eq(likes.likedId, memberId), eq(likes.source, 'auto')))
    .orderBy(desc(likes.createdAt))
    .limit(1);
  return row?.at ?? null;
}

export interface Seeker {
  id: number;
  gender: string;
  sexuality: string;
}

/**
 * Members `me` is looking for who are looking for someone like `me` (gender and sexuality
 * both ways): hetero seeks the other gender, gay and lesbian the same, bi both.
 */
export function compatibleWith(me: Seeker): SQL {
  const seeks =
    me.sexuality === 'bi' ? sql`true` : me.sexuality === 'hetero' ? sql`${members.gender} <> ${me.gender}` : sql`${members.gender} = ${me.gender}`;
  const seeksMe = sql`(${members.sexuality} = 'bi' or (${members.sexuality} = 'hetero' and ${members.gender} <> ${me.gender}) or (${members.sexuality} in ('gay', 'lesbian') and ${members.gender} = ${me.gender}))`;
  return sql`(${seeks} and ${seeksMe})`;
}

/** A fictional, visible, compatible member who has not liked `me` yet: who sends an auto-like. */
export async function autoLiker(db: Conn, siteId: number, me: Seeker, random: () => number = Math.random) {
  const rows = await db
    .select(likeColumns)
    .from(members)
    .innerJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(
      and(
        visibleMemberConditions(siteId, me.id),
        eq(members.fictional, true),
        sql`${members.id} <> ${me.id}`,
        compatibleWith(me),
        notExists(db.select({ x: sql`1` }).from(likes).where(and(eq(likes.likerId, members.id), eq(likes.likedId, me.id)))),
      ),
    )
    .orderBy(desc(members.lastActiveAt))
    .limit(30);
  return rows.length ? rows[Math.floor(random() * rows.length)]! : null;
}

/** The swipe game's next cards: visible, compatible members not yet liked or passed, with a photo first. */
export function swipeCards(db: Conn, siteId: number, me: Seeker, limit: number) {
  return db
    .select(tileColumns)
    .from(members)
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(
      and(
        visibleMemberConditions(siteId, me.id),
        sql`${members.id} <> ${me.id}`,
        compatibleWith(me),
        notExists(db.select({ x: sql`1` }).from(likes).where(and(eq(likes.likerId, me.id), eq(likes.likedId, members.id)))),
        notExists(db.select({ x: sql`1` }).from(swipePasses).where(and(eq(swipePasses.memberId, me.id), eq(swipePasses.passedId, members.id)))),
      ),
    )
    .orderBy(sql`${photos.id} is null`, desc(members.lastActiveAt), asc(members.id))
    .limit(limit);
}

export async function insertPass(db: Conn, memberId: number, passedId: number): Promise<void> {
  await db.insert(swipePasses).values({ memberId, passedId }).onConflictDoNothing();
}

/** The member's swipe-game likes since `since`, oldest first (their times decide the next allowance). */
export async function swipeLikesSince(db: Conn, memberId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: likes.createdAt })
    .from(likes)
    .where(and(eq(likes.likerId, memberId), eq(likes.source, 'swipe'), gt(likes.createdAt, since)))
    .orderBy(asc(likes.createdAt));
  return rows.map((r) => r.at);
}

/** Locks the member's row for the rest of the transaction (a count limit must hold under parallel requests). */
export async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}

/** Deletes the likes between two members both ways (used when one blocks the other). */
export async function deleteLikesBetween(db: Conn, a: number, b: number): Promise<void> {
  await db.delete(likes).where(
    sql`(${likes.likerId} = ${a} and ${likes.likedId} = ${b}) or (${likes.likerId} = ${b} and ${likes.likedId} = ${a})`,
  );
}
