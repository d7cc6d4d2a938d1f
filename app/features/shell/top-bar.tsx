import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { LanguageMenu } from './language-menu';
import { AccountMenu } from './account-menu';
import { CreditsBadge } from './credits-badge';
import { useRootData } from './use-root-data';
import { useAttentionSource } from './attention-count';
import { UNREAD_BADGE_CAP } from '../../../common/limits';

/**
 * The top navigation (spec section 2). Visitors: brand, language menu, Login and Sign up.
 * Members: Search members, Messages, Likes, Credits (paid) or Get Premium, account menu.
 */
export function TopBar() {
  const { t } = useTranslation();
  const { settings, user } = useRootData();
  return (
    <header>
      <nav className="navbar navbar-dark rv-topbar" aria-label={t('nav.main')}>
        <div className="container">
          <Link className="navbar-brand" to={paths.home()}>
            {settings.name}
          </Link>
          {user ? (
            <div className="d-flex align-items-center gap-1 gap-sm-2" data-testid="member-nav">
              <Link className="nav-link text-white px-2" to={paths.members()}>
                {t('nav.search')}
              </Link>
              <Link className="nav-link text-white px-2" to={paths.chats()}>
                {t('nav.messages')}
                <CountBadge source="messages" fromUser={user.unread_messages} />
              </Link>
              <Link className="nav-link text-white px-2" to={paths.likes()}>
                {t('nav.likes')}
                <CountBadge source="likes" fromUser={user.new_likes} />
              </Link>
              {user.paid_user ? (
                <Link className="nav-link text-white px-2" to={paths.credits()} data-testid="nav-credits">
                  {t('nav.credits')} <CreditsBadge credits={user.credits} />
                </Link>
              ) : (
                <Link className="btn btn-secondary btn-sm" to={paths.premium()} data-testid="nav-premium">
                  {t('nav.getPremium')} <CreditsBadge credits={user.credits} />
                </Link>
              )}
              <LanguageMenu />
              <AccountMenu name={user.profile.name} />
            </div>
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

/** The Messages (unread) and Likes (new received) badges: the user object's count until a feature reports a newer one; 99+ at most. */
function CountBadge({ source, fromUser }: { source: 'messages' | 'likes'; fromUser: number }) {
  const count = useAttentionSource(source, fromUser);
  return count > 0 ? (
    <span className="badge rounded-pill text-bg-secondary ms-1" data-testid={`${source}-badge`}>
      {count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : count}
    </span>
  ) : null;
}
