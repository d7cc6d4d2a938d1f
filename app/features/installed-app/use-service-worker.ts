import { useEffect } from 'react';

/** Fetched when the browser is idle: the registration module brings zod, which no first page needs. */
const register = () => void import('../../lib/service-worker').then(({ registerServiceWorker }) => registerServiceWorker());

/**
 * Registers the site's worker for every visitor (an installable site needs one), once the
 * browser is idle after hydration, so it never competes with the first page for the network
 * or the home page's JavaScript budget (docs/performance.md).
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(register, 1_000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(register, { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
}
