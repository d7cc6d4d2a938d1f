import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useRootData } from '../../lib/use-root-data';

const ActivationReminder = lazy(() => import('./activation-reminder'));

/** Pages where the reminder would be in the way (spec section 4: signup, settings, notifications). */
const SUPPRESSED_ON = /^\/(signup|complete-signup|settings|notifications|members\/[^/]+\/signup)\/?$/;

/**
 * The activation reminder for a member whose e-mail address is unconfirmed and whose
 * profile is therefore disabled (spec section 4). Its code loads only for such members.
 */
export function ActivationReminderHost() {
  const { user } = useRootData();
  const { pathname } = useLocation();
  if (user?.status !== 'not_confirmed' || user.profile.status !== 'disabled') return null;
  if (SUPPRESSED_ON.test(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <ActivationReminder email={user.email} />
    </Suspense>
  );
}
