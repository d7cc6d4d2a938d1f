/**
 * The browser's position turned into the member's country, region and city (spec
 * sections 7 and 10: "Geolocation: unsupported, unknown, or the browser's state";
 * cache max age 1 hour). Only the place is kept (sessionStorage, one hour), never the
 * coordinates, and the coordinates leave the browser rounded to about 100 m.
 */
import { COORDINATE_DECIMALS, type GeocodeResult } from '../../common/geocode/geocode-schema';
import { GEOLOCATION_MAX_AGE_MS } from '../../common/limits';
import { geocodeEndpoints } from '../../common/geocode/geocode-endpoints';
import { api } from './api';
import type { ApiClient } from './api-client';

export type GeolocationState = 'unsupported' | 'unknown' | PermissionState;

export interface LocateResult {
  state: 'unsupported' | 'denied' | 'unavailable' | 'ok';
  place?: GeocodeResult;
}

export interface LocateOptions {
  /** Also store the place on the logged-in member's profile (the profile page). */
  store?: boolean;
}

/** The browser parts this module uses; tests pass fakes. */
export interface GeolocationEnv {
  navigator?: Pick<Navigator, 'geolocation'> & { permissions?: Pick<Permissions, 'query'> };
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>;
  api?: Pick<ApiClient, 'call'>;
  now?: () => number;
}

export const GEOCODE_CACHE_KEY = 'rv.geocode';
/** How long the browser may take to find the position before we give up. */
export const GEOLOCATION_TIMEOUT_MS = 15_000;

interface CachedPlace {
  at: number;
  place: GeocodeResult;
}

function browser(): GeolocationEnv {
  if (typeof window === 'undefined') return {};
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked (privacy settings): work without the cache.
  }
  return { navigator: window.navigator, sessionStorage: storage, api };
}

/** The permission as the browser reports it, without prompting. */
export async function geolocationState(env: GeolocationEnv = browser()): Promise<GeolocationState> {
  if (!env.navigator?.geolocation) return 'unsupported';
  if (!env.navigator.permissions) return 'unknown';
  try {
    return (await env.navigator.permissions.query({ name: 'geolocation' })).state;
  } catch {
    // Older Safari knows navigator.permissions but not the 'geolocation' name.
    return 'unknown';
  }
}

function readCache(env: GeolocationEnv, now: number): GeocodeResult | null {
  try {
    const raw = env.sessionStorage?.getItem(GEOCODE_CACHE_KEY);
    if (!raw) return null;
    const cached = JSON.parse(raw) as CachedPlace;
    return typeof cached.at === 'number' && now - cached.at >= 0 && now - cached.at < GEOLOCATION_MAX_AGE_MS ? cached.place : null;
  } catch {
    return null;
  }
}

function writeCache(env: GeolocationEnv, entry: CachedPlace): void {
  try {
    env.sessionStorage?.setItem(GEOCODE_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // Quota or blocked storage: the next call asks again.
  }
}

function position(geolocation: Geolocation): Promise<GeolocationPosition | GeolocationPositionError> {
  return new Promise((resolve) => {
    geolocation.getCurrentPosition(resolve, resolve, { maximumAge: GEOLOCATION_MAX_AGE_MS, timeout: GEOLOCATION_TIMEOUT_MS, enableHighAccuracy: false });
  });
}

/**
 * Asks the browser for its position (prompting when the visitor has not decided yet) and
 * the server for the place there. A place found in the last hour is answered from the
 * cache, except when it is to be stored.
 */
export async function locate(options: LocateOptions = {}, env: GeolocationEnv = browser()): Promise<LocateResult> {
  const geolocation = env.navigator?.geolocation;
  if (!geolocation) return { state: 'unsupported' };
  const now = env.now ?? Date.now;
  const cached = options.store ? null : readCache(env, now());
  if (cached) return { state: 'ok', place: cached };

  const found = await position(geolocation);
  // 1 is PERMISSION_DENIED; 2 (position unavailable) and 3 (timeout) may work another time.
  if (!('coords' in found)) return { state: found.code === 1 ? 'denied' : 'unavailable' };
  try {
    if (!env.api) return { state: 'unavailable' };
    const place = await env.api.call(geocodeEndpoints.geocode, {
      query: {
        lat: found.coords.latitude.toFixed(COORDINATE_DECIMALS),
        lon: found.coords.longitude.toFixed(COORDINATE_DECIMALS),
        store: options.store ? '1' : undefined,
      },
    });
    if (!place) return { state: 'unavailable' };
    writeCache(env, { at: now(), place });
    return { state: 'ok', place };
  } catch {
    return { state: 'unavailable' };
  }
}
