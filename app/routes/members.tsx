import { useCallback } from 'react';
import { useLoaderData, useLocation, useNavigate } from 'react-router';
import type { Route } from './+types/members';
import { filtersFromParams, filtersToParams, hasFilters, type SearchFilters } from '../../common/search/search-schema';
import { searchEndpoints } from '../../common/search/search-endpoints';
import { SearchPage, type SearchPageData } from '../features/search/search-page';
import { useBundles } from '../i18n/react';
import { paths } from '../paths';
import { noindexMeta } from '../lib/route-meta';

/** /members: the member search, a logged-in member's home; visitors as the site allows. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const filters = filtersFromParams(new URL(request.url).searchParams, true);
  const [result, other] = await Promise.all([
    hasFilters(filters) ? context.api(searchEndpoints.search, { query: filters }) : null,
    context.api(searchEndpoints.search, { query: { other: '1' } }),
  ]);
  const data: SearchPageData = {
    filters,
    result: result?.ok ? result.body : null,
    other: other.ok ? other.body : null,
    denied: !context.user && !other.ok && other.status === 403,
    visitor: !context.user,
  };
  return { data, bundle: context.translations('search') };
}

export const meta = noindexMeta;

export default function Members() {
  const { data, bundle } = useLoaderData<typeof loader>();
  useBundles({ search: bundle });
  const navigate = useNavigate();
  const location = useLocation();
  const onSearch = useCallback(
    (filters: SearchFilters) => {
      const query = filtersToParams(filters, undefined, true).toString();
      void navigate(query ? `${paths.members()}?${query}` : paths.members());
    },
    [navigate],
  );
  // A new search (URL) starts over: accumulated pages belong to one set of filters.
  return <SearchPage key={location.search} data={data} onSearch={onSearch} />;
}
