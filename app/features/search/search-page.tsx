import { useState } from 'react';
import { Link } from 'react-router';
import { SEARCH_COUNT_CAP, hasFilters, type SearchFilters, type SearchResult, type SearchTile } from '../../../common/search/search-schema';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { fetchSearchPage } from './search-api';
import { SearchFiltersForm } from './search-filters-form';
import { TileGrid } from './search-tile';
import { PageTitle } from '../../components/page-title';

export interface SearchPageData {
  filters: SearchFilters;
  /** The first page of the filtered search; null without filters. */
  result: SearchResult | null;
  /** Recently active members, shown when there are no filters. */
  other: SearchResult | null;
  /** A visitor on a site that does not let visitors search. */
  denied: boolean;
  visitor: boolean;
}

/**
 * The member search (spec sections 2-4): filters kept in the URL, results accumulating page by
 * page with "Load more", a count, "Clear" (results, count and filters), similar results when
 * few match, and the recently active members while no filter is set.
 */
export function SearchPage({ data, onSearch }: { data: SearchPageData; onSearch: (f: SearchFilters) => void }) {
  const { t } = useTranslation();
  const [results, setResults] = useState<SearchTile[]>(data.result?.results ?? []);
  const [page, setPage] = useState(data.result?.page ?? 1);
  const [numResults, setNumResults] = useState(data.result?.numResults ?? 0);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [cleared, setCleared] = useState(false);
  const pages = data.result?.pages ?? 0;

  if (data.denied) {
    return (
      <div className="container py-5 text-center" style={{ maxWidth: 560 }}>
        <h1 className="h3 mb-3">{t('search:title')}</h1>
        <p className="text-body-secondary" role="alert">{t('search:errors.loginRequired')}</p>
        <div className="d-flex gap-2 justify-content-center">
          <Link to={paths.signup()} className="btn btn-primary">
            {t('search:signup')}
          </Link>
          <Link to={paths.login()} className="btn btn-outline-secondary">
            {t('search:login')}
          </Link>
        </div>
      </div>
    );
  }

  async function loadMore() {
    setLoading(true);
    setFailed(false);
    try {
      const next = await fetchSearchPage(data.filters, page + 1);
      setResults((prev) => [...prev, ...next.results.filter((r) => !prev.some((p) => p.id === r.id))]);
      setPage(next.page);
      setNumResults(next.numResults);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  function clear() {
    setResults([]);
    setNumResults(0);
    setPage(1);
    setCleared(true);
    onSearch({});
  }

  const filtered = hasFilters(data.filters) && !cleared;
  const other = !filtered ? data.other : null;
  return (
    <div className="container py-4">
      <PageTitle text={t('search:title')} />
      <h1 className="h3 mb-3">{t('search:title')}</h1>
      {data.visitor && <p className="text-body-secondary small">{t('search:visitorHint')}</p>}
      <SearchFiltersForm
        initial={data.filters}
        onSearch={(f) => {
          setCleared(false);
          onSearch(f);
        }}
        onClear={clear}
      />
      {filtered && (
        <section aria-labelledby="search-results-count">
          <p id="search-results-count" className="fw-semibold" data-testid="result-count" aria-live="polite">
            {numResults >= SEARCH_COUNT_CAP ? t('search:countCapped', { count: SEARCH_COUNT_CAP }) : t('search:count', { count: numResults })}
          </p>
          {results.length === 0 && <p className="text-body-secondary">{t('search:none')}</p>}
          <TileGrid tiles={results} visitor={data.visitor} testId="search-results" />
          {failed && (
            <p className="text-danger mt-3" role="alert">
              {t('search:loadFailed')}
            </p>
          )}
          {page < pages && (
            <div className="text-center my-4">
              <button type="button" className="btn btn-outline-primary px-4" onClick={() => void loadMore()} disabled={loading} data-testid="load-more">
                {loading ? t('loading') : t('search:loadMore')}
              </button>
            </div>
          )}
          {data.result?.similar && data.result.similar.results.length > 0 && (
            <section className="mt-5" aria-labelledby="search-similar">
              <h2 id="search-similar" className="h5">
                {t('search:similarTitle')}
              </h2>
              <p className="text-body-secondary small">{t('search:similarIntro')}</p>
              <TileGrid tiles={data.result.similar.results} visitor={data.visitor} testId="similar-results" />
            </section>
          )}
        </section>
      )}
      {other && other.results.length > 0 && (
        <section aria-labelledby="search-other">
          <h2 id="search-other" className="h5">
            {t('search:otherTitle')}
          </h2>
          <TileGrid tiles={other.results} visitor={data.visitor} testId="other-results" />
        </section>
      )}
    </div>
  );
}
