import { useEffect } from 'react';

/** Spec section 7: when the page becomes hidden, tell the server with a beacon (empty JSON body) at `path`. */
export function PageHiddenBeacon({ path }: { path: string }) {
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState !== 'hidden') return;
      const body = new Blob(['{}'], { type: 'application/json' });
      // Every browser the build targets (es2022) has sendBeacon, and a keepalive fetch shares its
      // quota: there is no fallback that could send what the beacon refused (decision 0019).
      navigator.sendBeacon(path, body);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [path]);
  return null;
}
