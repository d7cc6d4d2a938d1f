import { z } from 'zod';
import { memberTileSchema } from '../members/member-tile';
import { GENDERS } from '../reference/profile-options';

/** Results per page of the member search. */
export const SEARCH_PAGE_SIZE = 24;
/** numResults stops counting here ("1000+"): an exact count of a huge listing costs more than it tells. */
export const SEARCH_COUNT_CAP = 1000;
/** Ages the search form offers. */
export const SEARCH_MIN_AGE = 18;
export const SEARCH_MAX_AGE = 99;
/** Every Nth tile of a page is a cam tile where the site resells cam profiles. */
export const CAM_TILE_EVERY = 8;

/** The filters of the search (spec section 3, search state), as the URL and the API take them. */
export const SEARCH_FILTERS = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
export type SearchFilter = (typeof SEARCH_FILTERS)[number];

const age = z.coerce.number().int().min(SEARCH_MIN_AGE).max(SEARCH_MAX_AGE);

export const searchQuerySchema = z.object({
  gender: z.enum(GENDERS).optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase())
    .optional(),
  countryregion: z.string().min(1).max(10).optional(),
  min_age: age.optional(),
  max_age: age.optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  /** 1: the cached "other profiles" (recently active members) instead of a filtered search. */
  other: z.enum(['0', '1']).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** Distance bands computed from 0.1-degree grid cells: never an exact distance. */
export const DISTANCE_BANDS = ['lt10', '10to25', '25to50', '50to100', 'over100'] as const;
export type DistanceBand = (typeof DISTANCE_BANDS)[number];
/** How a band reads: kilometres and symbols, the same in every language. */
export const DISTANCE_LABELS: Record<DistanceBand, string> = { lt10: '< 10 km', '10to25': '10-25 km', '25to50': '25-50 km', '50to100': '50-100 km', over100: '100+ km' };

export const searchTileSchema = memberTileSchema.extend({
  distance: z.enum(DISTANCE_BANDS).nullable(),
  /** A cam-profile tile (sites with member_resell): 'cam' shows "Live now", 'resell' "Chat on cam". */
  cam: z.enum(['cam', 'resell']).nullable(),
});
export type SearchTile = z.infer<typeof searchTileSchema>;

export const searchResultSchema = z.object({
  results: z.array(searchTileSchema),
  numResults: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /** Members matching relaxed filters (no region, ages widened by 5 years) when fewer than a page match. */
  similar: z.object({ results: z.array(searchTileSchema), numResults: z.number().int() }).nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export type SearchFilters = Partial<Pick<SearchQuery, SearchFilter>>;

/**
 * Names of the filters in the /members page URL. `country` is taken there: `?country=XX` on
 * any page selects the visitor's country (entry warning, languages), so the page says `where`.
 */
const PAGE_KEYS: Record<SearchFilter, string> = { gender: 'gender', country: 'where', countryregion: 'region', min_age: 'min_age', max_age: 'max_age' };
const keyOf = (key: SearchFilter, page: boolean) => (page ? PAGE_KEYS[key] : key);

/** The filters present in a URL query, valid ones only (a shared or edited URL never breaks the page). */
export function filtersFromParams(params: URLSearchParams, pageUrl = false): SearchFilters {
  const raw: Record<string, string> = {};
  for (const key of SEARCH_FILTERS) {
    const v = params.get(keyOf(key, pageUrl));
    if (v) raw[key] = v;
  }
  const out: SearchFilters = {};
  for (const key of SEARCH_FILTERS) {
    if (raw[key] === undefined) continue;
    const parsed = searchQuerySchema.shape[key].safeParse(raw[key]);
    if (parsed.success && parsed.data !== undefined) Object.assign(out, { [key]: parsed.data });
  }
  return out;
}

/** The query of a set of filters (stable order, empty ones left out): the API's, or the page URL's. */
export function filtersToParams(filters: SearchFilters, page?: number, pageUrl = false): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of SEARCH_FILTERS) {
    const v = filters[key];
    if (v !== undefined && v !== '') params.set(keyOf(key, pageUrl), String(v));
  }
  if (page && page > 1) params.set('page', String(page));
  return params;
}

export function hasFilters(filters: SearchFilters): boolean {
  return SEARCH_FILTERS.some((k) => filters[k] !== undefined);
}
