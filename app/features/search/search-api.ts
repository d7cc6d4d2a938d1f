import type { SearchFilters, SearchResult } from '../../../common/search/search-schema';
import { likesEndpoints } from '../../../common/likes/likes-endpoints';
import { searchEndpoints } from '../../../common/search/search-endpoints';
import { api } from '../../lib/api';
import { announceLike } from '../../lib/like-events';


/** GET /api/search.php for one page of the filtered search. */
export async function fetchSearchPage(filters: SearchFilters, page: number): Promise<SearchResult> {
  const body = await api.call(searchEndpoints.search, { query: { ...filters, page: page > 1 ? page : undefined } });
  if (body === false) throw new Error('logged out');
  return body;
}

/** POST /api/like.php from a search tile, then tells the page (overlay, badges). */
export async function likeFromSearch(profileId: number): Promise<'liked' | 'match'> {
  const body = await api.call(likesEndpoints.like, { body: { profile_id: profileId, source: 'search' }, idempotencyKey: `like-${profileId}-${Date.now()}` });
  if (body === false) throw new Error('logged out');
  announceLike({ profileId, state: body.state });
  return body.state;
}
