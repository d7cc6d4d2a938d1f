import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { isDisabledReason } from '../../../common/account/notification-settings';
import type { User } from '../../../common/auth/user-schema';
import { useRootData } from '../../lib/use-root-data';

const DisabledAlert = lazy(() => import('./disabled-alert'));

/** Spec 4: the disabled-notifications alert stays away from settings and notifications (the latter explains it in full). */
const SUPPRESSED_ON = /^\/(settings|notifications)(\/|$)/;

/** Whether the alert belongs on this page for this member (its dismissal is read in the browser). */
export function disabledAlertApplies(user: Pick<User, 'notifications_disabled'> | null, pathname: string): boolean {
  if (!user || !user.notifications_disabled.some(isDisabledReason)) return false;
  return !SUPPRESSED_ON.test(pathname);
}

/** The alert for a member whose e-mails were stopped (spam report, bounce, unsubscribe); its code loads only for them. */
export function DisabledAlertHost() {
  const { user } = useRootData();
  const { pathname } = useLocation();
  if (!disabledAlertApplies(user, pathname)) return null;
  return (
    <Suspense fallback={null}>
      <DisabledAlert />
    </Suspense>
  );
}
