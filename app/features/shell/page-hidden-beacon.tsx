import { useEffect } from 'react';

export const PAGE_HIDDEN_URL = '/api/page-hidden.php';

/** Spec section 7: when the page becomes hidden, tell the server with a beacon (empty JSON body). */
export function PageHiddenBeacon() {
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState !== 'hidden') return;
      const body = new Blob(['{}'], { type: 'application/json' });
      if (!navigator.sendBeacon?.(PAGE_HIDDEN_URL, body)) {
        void fetch(PAGE_HIDDEN_URL, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, keepalive: true }).catch(() => {});
      }
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return null;
}
