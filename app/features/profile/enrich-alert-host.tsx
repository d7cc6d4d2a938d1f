import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useRootData } from '../../lib/use-root-data';

const EnrichAlert = lazy(() => import('./enrich-alert'));

/**
 * Pages where the profile-photo alert stays away (spec section 4): profile, signup,
 * activate-done, premium, notifications, directdebit, settings.
 */
const SUPPRESSED_ON = /^\/(profile|signup|members\/[^/]+\/signup|activate\/done|premium|notifications|directdebit|settings)(\/|$)/;

export function enrichAlertSuppressed(pathname: string): boolean {
  return SUPPRESSED_ON.test(pathname);
}

/**
 * The profile-photo ("enrich") alert for a logged-in member without a main photo. Its code
 * loads only for such members.
 */
export function EnrichAlertHost() {
  const { user } = useRootData();
  const { pathname } = useLocation();
  if (!user || user.profile.main_image !== null) return null;
  if (enrichAlertSuppressed(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <EnrichAlert />
    </Suspense>
  );
}
