import { useLoaderData, useNavigate } from 'react-router';
import type { Route } from './+types/match-finder';
import { filtersToParams } from '../../common/search/search-schema';
import { MatchFinder } from '../features/search/match-finder';
import { useBundles } from '../i18n/react';
import { paths } from '../paths';
import { PageTitle } from '../components/page-title';
import { noindexMeta } from '../lib/route-meta';

export function loader({ context }: Route.LoaderArgs) {
  return { bundle: context.translations('search') };
}

export const meta = noindexMeta;

/** /match-finder: three questions, then the member search with those filters. */
export default function MatchFinderRoute() {
  const { bundle } = useLoaderData<typeof loader>();
  const { t } = useBundles({ search: bundle });
  const navigate = useNavigate();
  return (
    <>
      <PageTitle text={t('search:finder.title')} />
      <MatchFinder
        onDone={(filters) => {
          const query = filtersToParams(filters, undefined, true).toString();
          void navigate(query ? `${paths.members()}?${query}` : paths.members());
        }}
      />
    </>
  );
}
