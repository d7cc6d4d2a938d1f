import { and, desc, eq, gt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blocks, members, photos } from '../../db/schema';
import { SEARCH_COUNT_CAP, type SearchFilters } from '../../../common/search/search-schema';
import { listedMemberConditions, tileColumns, visibleMemberConditions } from '../members/members-repository';
import type { TileRow } from '../members/member-tiles';

/** A tile row with the member's grid cell (for the distance band; never sent). */
export interface SearchRow extends TileRow {
  cellLat: number | null;
  cellLon: number | null;
}

const searchColumns = { ...tileColumns, cellLat: members.cellLat, cellLon: members.cellLon };

/** YYYY-MM-DD of `on` minus `years` (UTC; 29 February becomes the 28th in other years). */
function yearsBefore(on: Date, years: number): string {
  const y = on.getUTCFullYear() - years;
  const m = on.getUTCMonth();
  const d = Math.min(on.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/**
 * The WHERE of a search: who may be listed for this viewer (visibleMemberConditions: active,
 * confirmed, profile active, visible, same site, no block either way), not the viewer, plus
 * the filters. Every filter is a plain equality or a birth_date range, so the planner finds
 * it in one of the members_listed_* partial indexes (schema.ts), which hold listed members only.
 */
export function searchConditions(siteId: number, viewerId: number | null, f: SearchFilters, now = new Date()): SQL {
  const conds: (SQL | undefined)[] = [visibleMemberConditions(siteId, viewerId)];
  if (viewerId !== null) conds.push(ne(members.id, viewerId));
  if (f.gender) conds.push(eq(members.gender, f.gender));
  if (f.country) conds.push(eq(members.country, f.country));
  if (f.country && f.countryregion) conds.push(eq(members.regionCode, f.countryregion));
  // age >= min  <=>  born on or before today - min years; age <= max  <=>  born after today - (max + 1) years.
  if (f.min_age !== undefined) conds.push(lte(members.birthDate, yearsBefore(now, f.min_age)));
  if (f.max_age !== undefined) conds.push(gt(members.birthDate, yearsBefore(now, f.max_age + 1)));
  return and(...conds)!;
}

/** One page of matches, recently active first (the query, for EXPLAIN; searchPage runs it). */
export function searchPageQuery(db: Db, where: SQL, limit: number, offset: number) {
  return db
    .select(searchColumns)
    .from(members)
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(where)
    .orderBy(desc(members.lastActiveAt), desc(members.id))
    .limit(limit)
    .offset(offset);
}

export async function searchPage(db: Db, where: SQL, limit: number, offset: number): Promise<SearchRow[]> {
  return searchPageQuery(db, where, limit, offset);
}

/**
 * How many match, counted up to SEARCH_COUNT_CAP (+1 tells "more than the cap"). The count
 * walks the index its filters lead, in that index's own order, and stops after cap + 1
 * rows: a region (or a country alone) members_listed_region_idx (site, country, region_code,
 * birth_date, gender, id), a gender members_listed_gender_idx (site, gender, country,
 * birth_date, id), nothing or ages alone members_listed_active_idx (site, last_active_at, id,
 * birth_date). Every column a count filters on is in its index, so it never reads the table
 * (an index-only scan once the table is vacuumed). Ordering by the index columns is what
 * keeps the planner on it: with no order it may scan the table until cap + 1 rows match,
 * which turns into a full scan when few do.
 */
export function countQuery(db: Db, where: SQL, f: SearchFilters) {
  const order =
    f.countryregion || (f.country && !f.gender)
      ? [members.country, members.regionCode, members.birthDate]
      : f.gender
        ? [members.gender, members.country, members.birthDate]
        : [desc(members.lastActiveAt)];
  const inner = db.select({ one: sql`1` }).from(members).where(where).orderBy(...order).limit(SEARCH_COUNT_CAP + 1);
  return db.select({ n: sql<number>`count(*)::int` }).from(inner.as('m'));
}

export async function countMatches(db: Db, where: SQL, filters: SearchFilters): Promise<number> {
  const [row] = await countQuery(db, where, filters);
  return Math.min(row?.n ?? 0, SEARCH_COUNT_CAP);
}

/** Recently active listed members of a site (the cached "other profiles"; per-viewer rules apply after). */
export async function recentlyActive(db: Db, siteId: number, limit: number): Promise<SearchRow[]> {
  return db
    .select(searchColumns)
    .from(members)
    .leftJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(listedMemberConditions(siteId))
    .orderBy(desc(members.lastActiveAt), desc(members.id))
    .limit(limit);
}

/** Everyone the viewer blocked or is blocked by. */
export async function blockedIds(db: Db, viewerId: number): Promise<Set<number>> {
  const rows = await db
    .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, viewerId)));
  return new Set(rows.map((r) => (r.blocker === viewerId ? r.blocked : r.blocker)));
}
