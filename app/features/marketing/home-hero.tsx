import { Link, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';

/** The visitor home page's opening: the site's title and description, and the call to sign up. */
export function HomeHero() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const navigate = useNavigate();
  return (
    <section className="rv-hero py-5">
      <div className="container py-lg-4">
        <div className="row">
          <div className="col-lg-8">
            <h1 className="display-5 fw-bold">{settings.index_title}</h1>
            <p className="lead my-4">{settings.description}</p>
            <div className="d-flex flex-wrap gap-2">
              <Link
                className="btn btn-light btn-lg text-primary fw-semibold"
                to={paths.signup()}
                data-testid="hero-signup"
                onClick={(event) => {
                  // With JavaScript signup opens as a modal over the home page; without it, the signup page.
                  event.preventDefault();
                  void navigate({ search: '?signup' }, { preventScrollReset: true });
                }}
              >
                {t('home.signupCta')}
              </Link>
              <Link className="btn btn-outline-light btn-lg" to={paths.login()}>
                {t('home.loginCta')}
              </Link>
            </div>
            <p className="small mt-3 mb-0">{t('home.freeNote', { minAge: settings.min_age })}</p>
          </div>
        </div>
      </div>
    </section>
  );
}
