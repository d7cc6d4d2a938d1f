import { useEffect } from 'react';
import { registerServiceWorker } from '../../lib/service-worker';

/**
 * Registers the site's worker for every visitor (an installable site needs one), once the
 * browser is idle after hydration, so it never competes with the first page for the network.
 */
export function useServiceWorker(): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => void registerServiceWorker(), 1_000);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => void registerServiceWorker(), { timeout: 5_000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
}
