import { Link, redirect, useLoaderData } from 'react-router';
import type { Route } from './+types/signup-matches';
import { searchEndpoints } from '../../common/search/search-endpoints';
import { TileGrid } from '../features/search/search-tile';
import { useBundles } from '../i18n/react';
import { paths } from '../paths';
import { PageTitle } from '../components/page-title';
import { noindexMeta } from '../lib/route-meta';

/** /signup-matches (empty layout): the first matches of a new member, in their own country. */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(paths.signup());
  const country = encodeURIComponent(context.user.profile.country);
  const found = await context.api(searchEndpoints.search, { query: { country } });
  const tiles = found.ok ? [...found.body.results, ...(found.body.similar?.results ?? [])].slice(0, 12) : [];
  return { tiles, bundle: context.translations('search') };
}

export const meta = noindexMeta;

export default function SignupMatches() {
  const { tiles, bundle } = useLoaderData<typeof loader>();
  const { t } = useBundles({ search: bundle });
  return (
    <div className="container py-4 py-md-5">
      <PageTitle text={t('search:signupMatches.title')} />
      <h1 className="h3 text-center">{t('search:signupMatches.title')}</h1>
      <p className="text-center text-body-secondary mb-4">{t('search:signupMatches.intro')}</p>
      <TileGrid tiles={tiles} visitor={false} testId="signup-matches" />
      <div className="text-center mt-4">
        <Link to={`${paths.members()}?api_signup_complete=1`} className="btn btn-primary btn-lg">
          {t('search:signupMatches.continue')}
        </Link>
      </div>
    </div>
  );
}
