import { useEffect } from 'react';
import { PAGE_HIDDEN_PATH } from '../../../common/visits/page-hidden-path';

/** Spec section 7: when the page becomes hidden, tell the server with a beacon (empty JSON body). */
export function PageHiddenBeacon() {
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState !== 'hidden') return;
      const body = new Blob(['{}'], { type: 'application/json' });
      if (navigator.sendBeacon?.(PAGE_HIDDEN_PATH, body)) return;
      // The API client and its schemas load only then: every page carries this component (the visitor home's budget).
      void import('./page-hidden-fallback').then((m) => m.sendPageHidden()).catch(() => {});
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return null;
}
