import { ageOn } from '../../../common/members/member-tile';
import {
  CAM_TILE_EVERY,
  SEARCH_MAX_AGE,
  SEARCH_MIN_AGE,
  SEARCH_PAGE_SIZE,
  type SearchFilter,
  type SearchFilters,
  type SearchResult,
  type SearchTile,
} from '../../../common/search/search-schema';
import type { Db } from '../../db/database';
import { distanceBand, type Cell } from './cells';
import { blockedIds, recentlyActive, SearchQueries, type Searcher, type SearchRow } from './search-repository';

const OTHER_TTL_MS = 60_000;
const OTHER_CACHED = 48;

export interface Viewer {
  id: number;
  cell: Cell;
}

export interface SiteSearchSettings {
  id: number;
  searchFields: readonly string[];
  memberResell: boolean;
}

/** Only the filters the site's search_fields setting shows; a region needs its country. */
export function allowedFilters(filters: SearchFilters, searchFields: readonly string[]): SearchFilters {
  const out: SearchFilters = {};
  for (const [key, value] of Object.entries(filters) as [SearchFilter, unknown][]) {
    if (value !== undefined && searchFields.includes(key)) Object.assign(out, { [key]: value });
  }
  if (!out.country) delete out.countryregion;
  if (out.min_age !== undefined && out.max_age !== undefined && out.min_age > out.max_age) [out.min_age, out.max_age] = [out.max_age, out.min_age];
  return out;
}

/** Similar filters: no region, ages widened by 5 years either way. Null when that changes nothing. */
export function relaxedFilters(f: SearchFilters): SearchFilters | null {
  const r: SearchFilters = { ...f };
  delete r.countryregion;
  if (r.min_age !== undefined) r.min_age = r.min_age - 5 <= SEARCH_MIN_AGE ? undefined : r.min_age - 5;
  if (r.max_age !== undefined) r.max_age = r.max_age + 5 >= SEARCH_MAX_AGE ? undefined : r.max_age + 5;
  for (const k of Object.keys(r) as SearchFilter[]) if (r[k] === undefined) delete r[k];
  const same = JSON.stringify(r) === JSON.stringify(Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined)));
  return same ? null : r;
}

/**
 * The member search (spec sections 3, 4 and 6): filtered pages of listed members, recently
 * active first, with a capped count, similar results when a page is not full, and a cached
 * "other profiles" list per site. Tiles carry a distance band from grid cells, never a position.
 */
export class SearchService {
  private other = new Map<number, { at: number; rows: Promise<SearchRow[]> }>();
  private readonly queries: SearchQueries;

  constructor(
    private readonly db: Db,
    private readonly fileUrl: (key: string) => string,
  ) {
    this.queries = new SearchQueries(db);
  }

  private tile(row: SearchRow, viewer: Viewer | null, position: number, resell: boolean): SearchTile {
    const slot = position % CAM_TILE_EVERY === CAM_TILE_EVERY - 1;
    return {
      id: row.id,
      name: row.name,
      age: ageOn(row.birthDate),
      city: row.city,
      country: row.country,
      photo: row.thumb ? { thumb: this.fileUrl(row.thumb), width: row.width ?? 0, height: row.height ?? 0 } : null,
      fictional: row.fictional,
      distance: distanceBand(viewer?.cell ?? null, row),
      cam: resell && slot ? (Math.floor(position / CAM_TILE_EVERY) % 2 === 0 ? 'cam' : 'resell') : null,
    };
  }

  async search(site: SiteSearchSettings, viewer: Viewer | null, requested: SearchFilters, page: number): Promise<SearchResult> {
    const filters = allowedFilters(requested, site.searchFields);
    const who: Searcher = { siteId: site.id, viewerId: viewer?.id ?? null };
    const offset = (page - 1) * SEARCH_PAGE_SIZE;
    const [rows, numResults] = await Promise.all([this.queries.page(who, filters, SEARCH_PAGE_SIZE, offset), this.queries.count(who, filters)]);
    const results = rows.map((r, i) => this.tile(r, viewer, offset + i, site.memberResell));
    let similar: SearchResult['similar'] = null;
    const relaxed = numResults < SEARCH_PAGE_SIZE ? relaxedFilters(filters) : null;
    if (relaxed) {
      const seen = new Set(results.map((r) => r.id));
      // Every exact match is on page 1 here (fewer than a page), so fetching that many more is enough.
      const [more, relaxedCount] = await Promise.all([this.queries.page(who, relaxed, SEARCH_PAGE_SIZE + numResults, 0), this.queries.count(who, relaxed)]);
      const extra = more.filter((r) => !seen.has(r.id)).slice(0, SEARCH_PAGE_SIZE);
      similar = { results: extra.map((r, i) => this.tile(r, viewer, i, site.memberResell)), numResults: Math.max(0, relaxedCount - numResults) };
    }
    return { results, numResults, page, pages: Math.ceil(numResults / SEARCH_PAGE_SIZE), similar };
  }

  /** Recently active members (one query a minute per site), without the viewer and blocks either way. */
  async otherProfiles(site: SiteSearchSettings, viewer: Viewer | null, now = Date.now()): Promise<SearchResult> {
    let hit = this.other.get(site.id);
    if (!hit || now - hit.at >= OTHER_TTL_MS) {
      const rows = recentlyActive(this.db, site.id, OTHER_CACHED);
      rows.catch(() => this.other.delete(site.id));
      hit = { at: now, rows };
      this.other.set(site.id, hit);
    }
    const blocked = viewer ? await blockedIds(this.db, viewer.id) : new Set<number>();
    const rows = (await hit.rows).filter((r) => r.id !== viewer?.id && !blocked.has(r.id)).slice(0, SEARCH_PAGE_SIZE);
    const results = rows.map((r, i) => this.tile(r, viewer, i, site.memberResell));
    return { results, numResults: results.length, page: 1, pages: 1, similar: null };
  }

  /** Drops a site's cached other profiles (someone left the listing). */
  forget(siteId: number): void {
    this.other.delete(siteId);
  }
}
