import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { LanguageMenu } from './language-menu';
import { useRootData } from './use-root-data';

/** The top navigation. Logged-out state: brand, language menu, Login and Sign up. */
export function TopBar() {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <header>
      <nav className="navbar navbar-dark rv-topbar" aria-label={t('nav.main')}>
        <div className="container">
          <Link className="navbar-brand" to={paths.home()}>
            {settings.name}
          </Link>
          <div className="d-flex align-items-center gap-2">
            <LanguageMenu />
            <Link className="btn btn-outline-light btn-sm" to={paths.login()} data-testid="login-button">
              {t('nav.login')}
            </Link>
            <Link className="btn btn-secondary btn-sm d-none d-sm-inline-block" to={paths.signup()}>
              {t('nav.signup')}
            </Link>
          </div>
        </div>
      </nav>
    </header>
  );
}
