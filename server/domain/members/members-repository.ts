import { and, desc, eq, isNotNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { blocks, members, photos } from '../../db/schema';
import type { TileRow } from './member-tiles';

/**
 * Conditions every public listing applies: only active, visible, confirmed-or-active
 * profiles with a public main photo. Later listings (search) reuse this.
 */
export function listedMemberConditions(siteId: number | Placeholder) {
  return and(
    eq(members.siteId, siteId),
    eq(members.status, 'active'),
    eq(members.profileStatus, 'active'),
    eq(members.invisible, false),
  );
}

/**
 * Neither member blocked the other (spec section 6): for every listing and lookup a
 * logged-in viewer makes. `viewerId` null (a visitor) blocks nobody.
 */
export function notBlockedWith(viewerId: number | null): SQL {
  if (viewerId === null) return sql`true`;
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${members.id}) or (${blocks.blockerId} = ${members.id} and ${blocks.blockedId} = ${viewerId}))`;
}

/** A listed member of the site that `viewerId` may see (no block either way). */
export function visibleMemberConditions(siteId: number, viewerId: number | null) {
  return and(listedMemberConditions(siteId), notBlockedWith(viewerId));
}

export interface MemberVisibility {
  /** A listed member of the viewer's site (listedMemberConditions). */
  listed: boolean;
  /** The member blocked the viewer. */
  blockedMe: boolean;
  /** The viewer blocked the member. */
  blockedByMe: boolean;
}

/**
 * The one visibility rule of every endpoint that presents another member (search, profile
 * view, chat, member card): listed, and what blocks there are each way. The profile and the
 * chat show a member only when listed and not blocking the viewer; a conversation with one
 * that is not stays readable behind a neutral card (member-tiles unavailableTile).
 */
export async function memberVisibility(db: Db | Tx, siteId: number, viewerId: number, id: number): Promise<MemberVisibility> {
  const [row] = await db
    .select({
      listed: sql<boolean>`coalesce((${listedMemberConditions(siteId)}), false)`,
      blockedMe: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${id} and ${blocks.blockedId} = ${viewerId})`,
      blockedByMe: sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${id})`,
    })
    .from(members)
    .where(eq(members.id, id));
  return row ?? { listed: false, blockedMe: false, blockedByMe: false };
}

/** A tile row of a member who has a main photo (the home teaser shows only those). */
export type TeaserRow = TileRow & { thumb: string; width: number; height: number };

/** A tile's columns of the members table alone (its photo comes from elsewhere). */
export const memberTileColumns = {
  id: members.id,
  name: members.name,
  birthDate: members.birthDate,
  city: members.city,
  country: members.country,
  fictional: members.fictional,
};

/** What a member tile shows, as columns (the main photo joined as `photos`). */
export const tileColumns = {
  ...memberTileColumns,
  thumb: photos.thumbFilename,
  width: photos.width,
  height: photos.height,
};

/** Recently active members with a public main photo, for the visitor home page. */
export async function listTeaserMembers(db: Db, siteId: number, limit: number): Promise<TeaserRow[]> {
  return db
    .select(tileColumns)
    .from(members)
    .innerJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(and(listedMemberConditions(siteId), isNotNull(members.mainPhotoId)))
    .orderBy(desc(members.lastActiveAt))
    .limit(limit);
}

/**
 * A listed member of a site as a public tile row (with the main photo only when it is
 * active), as `viewerId` may see it: with the visibility rule of search and profile view, a
 * member who blocked the viewer (or whom the viewer blocked) is not found either.
 */
export async function findMemberCardRow(db: Db, siteId: number, id: number, viewerId: number | null): Promise<TileRow | null> {
  const [row] = await db
    .select(tileColumns)
    .from(members)
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(and(eq(members.id, id), visibleMemberConditions(siteId, viewerId)));
  return row ?? null;
}

/** One member's tile row by id, the main photo only when active (null: no such member). */
export async function findTileRow(db: Db | Tx, memberId: number): Promise<TileRow | null> {
  const [row] = await db
    .select(tileColumns)
    .from(members)
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(eq(members.id, memberId));
  return row ?? null;
}

/** Whether `id` is a listed member of the site (listedMemberConditions). */
export async function isListedMember(db: Db | Tx, siteId: number, id: number): Promise<boolean> {
  const [row] = await db.select({ id: members.id }).from(members).where(and(eq(members.id, id), listedMemberConditions(siteId)));
  return row !== undefined;
}
