import type { SearchFilters, SearchResult } from '../../../common/search/search-schema';
import { filtersToParams } from '../../../common/search/search-schema';
import { createApiClient } from '../../lib/api-client';
import { announceLike } from '../../lib/like-events';

const api = createApiClient();

/** The search namespace (app/locales/<lng>/search.json). */
export const SEARCH_NS = 'search';

/** GET /api/search.php for one page of the filtered search. */
export async function fetchSearchPage(filters: SearchFilters, page: number): Promise<SearchResult> {
  const query = filtersToParams(filters, page).toString();
  const body = await api.get<SearchResult>(`/api/search.php${query ? `?${query}` : ''}`);
  if (body === false) throw new Error('logged out');
  return body;
}

/** POST /api/like.php from a search tile, then tells the page (overlay, badges). */
export async function likeFromSearch(profileId: number): Promise<'liked' | 'match'> {
  const body = await api.post<{ state: 'liked' | 'match' }>('/api/like.php', { profile_id: profileId, source: 'search' }, { idempotencyKey: `like-${profileId}-${Date.now()}` });
  if (body === false) throw new Error('logged out');
  announceLike({ profileId, state: body.state });
  return body.state;
}
