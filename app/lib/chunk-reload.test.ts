import { describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadForChunkError } from './chunk-reload';

function fakeWindow() {
  const store = new Map<string, string>();
  return {
    location: { reload: vi.fn() } as unknown as Location,
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    } as unknown as Storage,
  };
}

describe('chunk reload guard', () => {
  it('recognises chunk load failures of the major browsers', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const win = fakeWindow();
    expect(reloadForChunkError(win, 1_000_000)).toBe(true);
    expect(reloadForChunkError(win, 1_030_000)).toBe(false);
    expect(reloadForChunkError(win, 1_060_000)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(2);
  });
});
