import { CHUNK_RELOAD_GUARD_MS } from '../../common/limits';

const KEY = 'chunk-reload-at';

/** True for the errors browsers raise when a lazily loaded chunk is gone (after a deploy). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(message);
}

/**
 * Spec section 8: a chunk load failure reloads the whole page once, at most once per
 * 60 s, so a new deploy heals open tabs without a reload loop when a chunk is truly broken.
 * Returns true when it reloaded.
 */
export function reloadForChunkError(win: Pick<Window, 'location' | 'sessionStorage'>, now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(win.sessionStorage.getItem(KEY) ?? 0);
  } catch {
    // Storage blocked: fall through, reloading once is still better than a dead page.
  }
  if (now - last < CHUNK_RELOAD_GUARD_MS) return false;
  try {
    win.sessionStorage.setItem(KEY, String(now));
  } catch {
    // Ignored: see above.
  }
  win.location.reload();
  return true;
}

export function installChunkReloadGuard(win: Window): void {
  // Vite reports failed preloads of route chunks with this event.
  win.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    reloadForChunkError(win);
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) reloadForChunkError(win);
  });
}
