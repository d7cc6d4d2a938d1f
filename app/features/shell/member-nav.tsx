import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useHydrated } from '../../lib/use-hydrated';
import { AccountMenu } from './account-menu';
import { CreditsBadge } from './credits-badge';
import { useAttentionSource } from '../../lib/attention-count';
import { useWallet } from '../../lib/wallet';
import { UNREAD_BADGE_CAP } from '../../../common/limits';
import type { User } from '../../../common/auth/user-schema';

/**
 * A member's part of the top bar (spec section 2): Search members, Messages, Likes, Credits
 * (paid) or Get Premium, language and account menus; below the lg breakpoint they fold behind
 * a menu button. Its own module, loaded for members only (the home page's JavaScript budget);
 * the language menu, which visitors load too, comes from the top bar.
 */
export default function MemberNav({ user, languageMenu }: { user: User; languageMenu: ReactNode }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  // A page change folds the phone menu again.
  useEffect(() => setOpen(false), [pathname]);
  const messages = useAttentionSource('messages', user.unread_messages);
  const likes = useAttentionSource('likes', user.new_likes);
  // A purchase shows at once: the store hears the live event and the payment result's poll.
  const { credits, paid_user } = useWallet({ credits: user.credits, paid_user: user.paid_user });
  return (
    <>
      <button
        type="button"
        className="navbar-toggler position-relative"
        aria-controls={menuId}
        aria-expanded={open}
        aria-label={t('nav.menu')}
        data-testid="nav-toggler"
        // Until this module has run, a tap would do nothing: disabled, so it is not lost.
        disabled={!hydrated}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="navbar-toggler-icon" />
        {/* Folded away, the badges still say that something waits. */}
        <CountBadge count={messages + likes} className="position-absolute top-0 end-0" testId="menu-badge" />
      </button>
      <div id={menuId} className={`collapse navbar-collapse${open ? ' show' : ''}`} data-testid="member-nav">
        <ul className="navbar-nav ms-auto align-items-lg-center gap-lg-1">
          <NavItemLink to={paths.members()}>{t('nav.search')}</NavItemLink>
          <NavItemLink to={paths.chats()}>
            {t('nav.messages')}
            <CountBadge count={messages} className="ms-1" testId="messages-badge" />
          </NavItemLink>
          <NavItemLink to={paths.likes()}>
            {t('nav.likes')}
            <CountBadge count={likes} className="ms-1" testId="likes-badge" />
          </NavItemLink>
          <li className="nav-item">
            {paid_user ? (
              <Link className="nav-link text-white" to={paths.credits()} data-testid="nav-credits">
                {t('nav.credits')} <CreditsBadge credits={credits} />
              </Link>
            ) : (
              <Link className="btn btn-secondary btn-sm" to={paths.premium()} data-testid="nav-premium">
                {t('nav.getPremium')} <CreditsBadge credits={credits} />
              </Link>
            )}
          </li>
          <li className="nav-item">
            {languageMenu}
          </li>
          <li className="nav-item">
            <AccountMenu name={user.profile.name} />
          </li>
        </ul>
      </div>
    </>
  );
}

function NavItemLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <li className="nav-item">
      <Link className="nav-link text-white" to={to}>
        {children}
      </Link>
    </li>
  );
}

/** The Messages (unread) and Likes (new received) badges: the live count, 99+ at most. */
function CountBadge({ count, className, testId }: { count: number; className: string; testId: string }) {
  return count > 0 ? (
    <span className={`badge rounded-pill text-bg-secondary ${className}`} data-testid={testId}>
      {count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : count}
    </span>
  ) : null;
}
