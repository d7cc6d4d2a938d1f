import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { DropdownMenu } from '../../components/dropdown-menu';
import { paths } from '../../paths';

/** My profile, Settings, Logout. Logging out ends the session on the server, then goes to / (spec section 9). */
export function AccountMenu({ name }: { name: string }) {
  const { t } = useTranslation();
  const logout = async () => {
    // Loaded on use: the API client is not needed to show the page.
    const [{ api }, { authEndpoints }] = await Promise.all([import('../../lib/api'), import('../../../common/auth/auth-endpoints')]);
    await api.call(authEndpoints.logout).catch(() => undefined);
    // A full load: nothing of the member's state may survive in this tab.
    window.location.assign(paths.home());
  };
  return (
    <DropdownMenu label={name} ariaLabel={`${t('nav.account')}: ${name}`} buttonClassName="btn btn-link text-white text-decoration-none" testId="account-menu">
      {(close) => (
        <>
          <Link className="dropdown-item" to={paths.profile()} onClick={close}>
            {t('nav.myProfile')}
          </Link>
          <Link className="dropdown-item" to={paths.settings()} onClick={close}>
            {t('nav.settings')}
          </Link>
          <button type="button" className="dropdown-item" onClick={() => void logout()} data-testid="logout">
            {t('nav.logout')}
          </button>
        </>
      )}
    </DropdownMenu>
  );
}
