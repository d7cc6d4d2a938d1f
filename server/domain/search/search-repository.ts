import { and, desc, eq, fillPlaceholders, gt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { blocks, members, photos } from '../../db/schema';
import { SEARCH_COUNT_CAP, type SearchFilters } from '../../../common/search/search-schema';
import { listedMemberConditions, memberTileColumns, tileColumns } from '../members/members-repository';
import type { TileRow } from '../members/member-tiles';

/** A tile row with the member's grid cell (for the distance band; never sent). */
export interface SearchRow extends TileRow {
  cellLat: number | null;
  cellLon: number | null;
}

const searchColumns = { ...tileColumns, cellLat: members.cellLat, cellLon: members.cellLon };

/**
 * A search page's columns: the member's, and the active main photo as [thumb, width, height]
 * (null without one) from a subquery per row. A join with photos made the planner weigh
 * join orders and methods (probing both tables' indexes for merge-join estimates) for 20
 * rows: planning was most of the page's database time, and without the join it is half
 * that (docs/performance.md).
 */
const pageColumns = {
  ...memberTileColumns,
  // Written out: drizzle leaves the columns of a one-table select unqualified, and the
  // subquery must name the outer row's main_photo_id as the members table's.
  photo: sql<[string, number, number] | null>`(select json_build_array(p.thumb_filename, p.width, p.height) from photos p where p.id = members.main_photo_id and p.status = 'active')`,
  cellLat: members.cellLat,
  cellLon: members.cellLon,
};

/** YYYY-MM-DD of `on` minus `years` (UTC; 29 February becomes the 28th in other years). */
function yearsBefore(on: Date, years: number): string {
  const y = on.getUTCFullYear() - years;
  const m = on.getUTCMonth();
  const d = Math.min(on.getUTCDate(), new Date(Date.UTC(y, m + 1, 0)).getUTCDate());
  return new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);
}

/** Who searches: a visitor (no viewer) or a member, who never sees anyone blocked either way (blockedByOrOf). */
export interface Searcher {
  siteId: number;
  viewerId: number | null;
}

/**
 * What decides a search statement's SQL text: which filters are set, a member or a visitor.
 * The values are placeholders, so each shape's SQL is built once (SearchQueries).
 */
interface Shape {
  member: boolean;
  filters: readonly (keyof SearchFilters)[];
}

function shapeOf(who: Searcher, f: SearchFilters): Shape {
  return { member: who.viewerId !== null, filters: (Object.keys(f) as (keyof SearchFilters)[]).filter((k) => f[k] !== undefined).sort() };
}

const shapeKey = (s: Shape) => `${s.member ? 'm' : 'v'}:${s.filters.join(',')}`;

/** The placeholder values of a search (searchConditions' names). */
function searchValues(who: Searcher, f: SearchFilters, now = new Date()): Record<string, unknown> {
  return {
    site: who.siteId,
    viewer: who.viewerId,
    gender: f.gender,
    country: f.country,
    region: f.countryregion,
    // age >= min  <=>  born on or before today - min years; age <= max  <=>  born after today - (max + 1) years.
    bornBy: f.min_age === undefined ? undefined : yearsBefore(now, f.min_age),
    bornAfter: f.max_age === undefined ? undefined : yearsBefore(now, f.max_age + 1),
  };
}

const p = (name: string) => sql.placeholder(name);

/**
 * Everyone the viewer blocked or was blocked by, as an array the statement reads once (an
 * InitPlan, by the blocks primary key and blocks_blocked_idx) and every row is compared
 * with (`id <> all(...)`). Read inside the search's own statements: a separate query first
 * was a third round trip per search, and its own share of the slowest searches; an
 * anti-join against the blocks table per row cost a third of a search's database time.
 */
const blockedByOrOf = (viewer: ReturnType<typeof p>) => sql`array(
  select case when ${blocks.blockerId} = ${viewer} then ${blocks.blockedId} else ${blocks.blockerId} end
  from ${blocks} where ${blocks.blockerId} = ${viewer} or ${blocks.blockedId} = ${viewer})`;

/**
 * The WHERE of a search, with placeholders (searchValues): who may be listed (active,
 * confirmed, profile active, visible, same site; listedMemberConditions), not the viewer, no
 * block either way, plus the filters. Every filter is a plain equality or a birth_date range,
 * so the planner finds it in one of the members_listed_* partial indexes (schema.ts), which
 * hold listed members only.
 */
function searchConditions(shape: Shape): SQL {
  const has = (k: keyof SearchFilters) => shape.filters.includes(k);
  const conds: (SQL | undefined)[] = [listedMemberConditions(p('site'))];
  if (shape.member) conds.push(ne(members.id, p('viewer')), sql`${members.id} <> all(${blockedByOrOf(p('viewer'))})`);
  if (has('gender')) conds.push(eq(members.gender, p('gender')));
  if (has('country')) conds.push(eq(members.country, p('country')));
  if (has('country') && has('countryregion')) conds.push(eq(members.regionCode, p('region')));
  if (has('min_age')) conds.push(lte(members.birthDate, p('bornBy')));
  if (has('max_age')) conds.push(gt(members.birthDate, p('bornAfter')));
  return and(...conds)!;
}

/** One page of matches, recently active first (placeholders: searchValues, limit, offset). */
function pageQuery(db: Db, shape: Shape) {
  return db
    .select(pageColumns)
    .from(members)
    .where(searchConditions(shape))
    .orderBy(desc(members.lastActiveAt), desc(members.id))
    .limit(p('limit'))
    .offset(p('offset'));
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
function countQuery(db: Db, shape: Shape) {
  const has = (k: keyof SearchFilters) => shape.filters.includes(k);
  const order =
    has('countryregion') || (has('country') && !has('gender'))
      ? [members.country, members.regionCode, members.birthDate]
      : has('gender')
        ? [members.gender, members.country, members.birthDate]
        : [desc(members.lastActiveAt)];
  const inner = db.select({ one: sql`1` }).from(members).where(searchConditions(shape)).orderBy(...order).limit(SEARCH_COUNT_CAP + 1);
  return db.select({ n: sql<number>`count(*)::int` }).from(inner.as('m'));
}

// An empty name keeps the statement unnamed in PostgreSQL (node-postgres names only truthy
// names), so it is planned at each execution with its values (custom plans: a generic plan
// cannot tell a country with 10 members from one with 100,000), while drizzle builds the SQL
// text once per shape instead of once per search (that building was 0.4 ms per search).
const UNNAMED = '';

const preparedPage = (db: Db, shape: Shape) => pageQuery(db, shape).prepare(UNNAMED);
const preparedCount = (db: Db, shape: Shape) => countQuery(db, shape).prepare(UNNAMED);

/** The search statements of one database, their SQL built once per shape. */
export class SearchQueries {
  private pages = new Map<string, ReturnType<typeof preparedPage>>();
  private counts = new Map<string, ReturnType<typeof preparedCount>>();

  constructor(private readonly db: Db) {}

  /** One page of matches, recently active first. */
  async page(who: Searcher, f: SearchFilters, limit: number, offset: number): Promise<SearchRow[]> {
    const rows = await this.statement(this.pages, preparedPage, who, f).execute({ ...searchValues(who, f), limit, offset });
    return rows.map(({ photo, ...row }) => ({ ...row, thumb: photo?.[0] ?? null, width: photo?.[1] ?? null, height: photo?.[2] ?? null }));
  }

  /** How many match, up to SEARCH_COUNT_CAP. */
  async count(who: Searcher, f: SearchFilters): Promise<number> {
    const [row] = await this.statement(this.counts, preparedCount, who, f).execute(searchValues(who, f));
    return Math.min(row?.n ?? 0, SEARCH_COUNT_CAP);
  }

  private statement<T>(cache: Map<string, T>, prepare: (db: Db, shape: Shape) => T, who: Searcher, f: SearchFilters): T {
    const shape = shapeOf(who, f);
    const key = shapeKey(shape);
    let statement = cache.get(key);
    if (!statement) cache.set(key, (statement = prepare(this.db, shape)));
    return statement;
  }
}

/** The SQL and values of a search's page and count statements (for EXPLAIN in tests). */
export function searchStatements(db: Db, who: Searcher, f: SearchFilters, limit: number, offset: number) {
  const shape = shapeOf(who, f);
  const values = { ...searchValues(who, f), limit, offset };
  const page = pageQuery(db, shape).toSQL();
  const count = countQuery(db, shape).toSQL();
  return {
    page: { text: page.sql, values: fillPlaceholders(page.params, values) },
    count: { text: count.sql, values: fillPlaceholders(count.params, values) },
  };
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
