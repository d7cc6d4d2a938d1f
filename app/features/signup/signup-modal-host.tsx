import { lazy, Suspense } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated';
import { useRootData } from '../../lib/use-root-data';

const SignupModal = lazy(() => import('./signup-modal'));

/**
 * Opens the signup modal for visitors when the URL asks for it: `?signup` (just an
 * account) or `?signup=<member id>` (step 0 writes to that member). Its code loads only then.
 */
export function SignupModalHost() {
  const { user } = useRootData();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const params = new URLSearchParams(location.search);
  if (!hydrated || user || !params.has('signup')) return null;
  const id = Number(params.get('signup'));
  const memberId = Number.isInteger(id) && id > 0 ? id : null;
  const close = () => {
    params.delete('signup');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true, preventScrollReset: true });
  };
  return (
    <Suspense fallback={null}>
      <SignupModal memberId={memberId} onClose={close} />
    </Suspense>
  );
}
