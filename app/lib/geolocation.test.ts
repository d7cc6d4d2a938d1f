import { describe, expect, it, vi } from 'vitest';
import { GEOLOCATION_MAX_AGE_MS } from '../../common/limits';
import { createApiClient } from './api-client';
import { GEOCODE_CACHE_KEY, geolocationState, locate, type GeolocationEnv } from './geolocation';

const AMSTERDAM = { country: 'NL', region: 'NH', region_name: 'Noord-Holland', city: 'Amsterdam' };

type Outcome = { coords: { latitude: number; longitude: number } } | { code: number };

/** A fake of the browser edge: navigator.geolocation, navigator.permissions, sessionStorage, fetch. */
function fakeBrowser(outcome: Outcome = { coords: { latitude: 52.370216, longitude: 4.895168 } }, permission?: PermissionState | Error) {
  const store = new Map<string, string>();
  let clock = 1_000_000;
  const getCurrentPosition = vi.fn((ok: PositionCallback, fail: PositionErrorCallback, options?: PositionOptions) => {
    void options;
    if ('coords' in outcome) ok(outcome as unknown as GeolocationPosition);
    else fail(outcome as unknown as GeolocationPositionError);
  });
  const fetch = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    void url;
    void init;
    return new Response(JSON.stringify(AMSTERDAM), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const env: GeolocationEnv = {
    navigator: {
      geolocation: { getCurrentPosition } as unknown as Geolocation,
      permissions:
        permission === undefined
          ? undefined
          : { query: async () => (permission instanceof Error ? Promise.reject(permission) : ({ state: permission } as PermissionStatus)) },
    },
    sessionStorage: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    api: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch }),
    now: () => clock,
  };
  return { env, store, fetch, getCurrentPosition, advance: (ms: number) => (clock += ms) };
}

describe('geolocationState', () => {
  it("reports the browser's permission without prompting", async () => {
    const granted = fakeBrowser(undefined, 'granted');
    expect(await geolocationState(granted.env)).toBe('granted');
    expect(await geolocationState(fakeBrowser(undefined, 'denied').env)).toBe('denied');
    expect(await geolocationState(fakeBrowser(undefined, 'prompt').env)).toBe('prompt');
    expect(granted.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('is unknown without navigator.permissions or when it does not know geolocation', async () => {
    expect(await geolocationState(fakeBrowser().env)).toBe('unknown');
    expect(await geolocationState(fakeBrowser(undefined, new TypeError('bad name')).env)).toBe('unknown');
  });

  it('is unsupported without navigator.geolocation', async () => {
    expect(await geolocationState({ navigator: {} as GeolocationEnv['navigator'] })).toBe('unsupported');
    expect(await geolocationState({})).toBe('unsupported');
  });
});

describe('locate', () => {
  it('asks for the position with the 1-hour maximum age and sends it rounded to the server', async () => {
    const b = fakeBrowser();
    expect(await locate({}, b.env)).toEqual({ state: 'ok', place: AMSTERDAM });
    expect(b.getCurrentPosition.mock.calls[0]![2]).toMatchObject({ maximumAge: GEOLOCATION_MAX_AGE_MS, timeout: expect.any(Number) });
    const url = String(b.fetch.mock.calls[0]![0]);
    expect(url).toBe('/api/geocode.php?lat=52.370&lon=4.895');
    expect(b.fetch.mock.calls[0]![1]).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it('keeps the place, never the position, for an hour', async () => {
    const b = fakeBrowser();
    await locate({}, b.env);
    expect(b.store.get(GEOCODE_CACHE_KEY)).not.toMatch(/52\.3|4\.89/);
    b.advance(GEOLOCATION_MAX_AGE_MS - 1);
    expect(await locate({}, b.env)).toEqual({ state: 'ok', place: AMSTERDAM });
    expect(b.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(b.fetch).toHaveBeenCalledTimes(1);
    b.advance(1);
    await locate({}, b.env);
    expect(b.fetch).toHaveBeenCalledTimes(2);
  });

  it('always asks the server when the place is to be stored', async () => {
    const b = fakeBrowser();
    await locate({}, b.env);
    await locate({ store: true }, b.env);
    expect(String(b.fetch.mock.calls[1]![0])).toBe('/api/geocode.php?lat=52.370&lon=4.895&store=1');
  });

  it('reports denied, unavailable and unsupported', async () => {
    expect(await locate({}, fakeBrowser({ code: 1 }).env)).toEqual({ state: 'denied' });
    expect(await locate({}, fakeBrowser({ code: 2 }).env)).toEqual({ state: 'unavailable' });
    expect(await locate({}, fakeBrowser({ code: 3 }).env)).toEqual({ state: 'unavailable' });
    expect(await locate({}, { navigator: {} as GeolocationEnv['navigator'] })).toEqual({ state: 'unsupported' });
  });

  it('is unavailable when the server refuses, and caches nothing then', async () => {
    const b = fakeBrowser();
    b.fetch.mockResolvedValueOnce(new Response(JSON.stringify({ error: { code: 'tooManyRequests', message: 'x' } }), { status: 429 }));
    expect(await locate({}, b.env)).toEqual({ state: 'unavailable' });
    expect(b.store.has(GEOCODE_CACHE_KEY)).toBe(false);
  });

  it('ignores a broken cache entry', async () => {
    const b = fakeBrowser();
    b.store.set(GEOCODE_CACHE_KEY, '{not json');
    expect(await locate({}, b.env)).toEqual({ state: 'ok', place: AMSTERDAM });
  });
});
