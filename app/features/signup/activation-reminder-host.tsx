import { lazy, Suspense } from 'react';
import { useMatches } from 'react-router';
import { useRootData } from '../shell/use-root-data';

const ActivationReminder = lazy(() => import('./activation-reminder'));

/** Routes where the reminder would be in the way (spec section 4). */
const SUPPRESSED_ON = new Set(['signup', 'members-id-signup', 'complete-signup', 'settings', 'notifications']);

/**
 * The activation reminder for a member whose e-mail address is unconfirmed and whose
 * profile is therefore disabled (spec section 4). Its code loads only for such members.
 */
export function ActivationReminderHost() {
  const { user } = useRootData();
  const matches = useMatches();
  if (user?.status !== 'not_confirmed' || user.profile.status !== 'disabled') return null;
  if (matches.some((m) => SUPPRESSED_ON.has(m.id))) return null;
  return (
    <Suspense fallback={null}>
      <ActivationReminder email={user.email} />
    </Suspense>
  );
}
