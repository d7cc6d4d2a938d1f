import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { LanguageMenu } from './language-menu';
import { BackButton } from './back-button';
import { useRootData } from '../../lib/use-root-data';

// Members only: a visitor's first page does not carry the member navigation.
const MemberNav = lazy(() => import('./member-nav'));

/**
 * The top navigation (spec section 2). Visitors: brand, language menu, Login and Sign up.
 * Members: the member navigation (member-nav.tsx), folded behind a menu button below the lg
 * breakpoint, so that a phone (320-430 px) never gets a page wider than its screen.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  return (
    <header>
      <nav className={`navbar navbar-dark rv-topbar${user ? ' navbar-expand-lg' : ''}`} aria-label={t('nav.main')}>
        <div className="container">
          <BackButton />
          <Link className="navbar-brand" to={paths.home()}>
            {settings.name}
          </Link>
          {user ? (
            <Suspense fallback={null}>
              <MemberNav user={user} languageMenu={<LanguageMenu />} />
            </Suspense>
          ) : (
            <div className="d-flex align-items-center gap-2">
              <LanguageMenu />
              <Link className="btn btn-outline-light btn-sm" to={paths.login()} data-testid="login-button">
                {t('nav.login')}
              </Link>
              <Link className="btn btn-secondary btn-sm d-none d-sm-inline-block" to={paths.signup()}>
                {t('nav.signup')}
              </Link>
            </div>
          )}
        </div>
      </nav>
    </header>
  );
}
