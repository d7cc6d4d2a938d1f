import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { pushAlertSuppressed } from './push-alert-rules';

const PushAlert = lazy(() => import('./push-alert'));

/**
 * The "turn on notifications" alert for a logged-in member (the layout renders this only for
 * members). Whether push can be offered is known only in the browser, so the alert's code
 * loads here and decides there.
 */
export function PushAlertHost() {
  const { pathname } = useLocation();
  if (pushAlertSuppressed(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <PushAlert />
    </Suspense>
  );
}
