/**
 * Tracking query parameters of marketing traffic (spec section 3): network, ref,
 * sub1-sub3 with their aliases, cpc. Stored with the visit and, later, the signup.
 */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3', 'cpc'] as const;
export type TrackingKey = (typeof TRACKING_KEYS)[number];
export type Tracking = Partial<Record<TrackingKey, string>>;

const ALIASES: Record<string, TrackingKey> = {
  network: 'network',
  ref: 'ref',
  sub1: 'sub1',
  sub: 'sub1',
  aff_sub: 'sub1',
  aff_sub1: 'sub1',
  sub2: 'sub2',
  aff_sub2: 'sub2',
  sub3: 'sub3',
  aff_sub3: 'sub3',
  cpc: 'cpc',
};

const MAX_VALUE_LENGTH = 100;

/** Picks the tracking parameters out of a query; the canonical name wins over an alias. */
export function parseTracking(query: URLSearchParams): Tracking {
  const tracking: Tracking = {};
  for (const [name, value] of query) {
    const key = ALIASES[name];
    if (!key || !value) continue;
    const clean = value.slice(0, MAX_VALUE_LENGTH);
    if (name === key || tracking[key] === undefined) tracking[key] = clean;
  }
  return tracking;
}

export function hasTracking(t: Tracking): boolean {
  return Object.keys(t).length > 0;
}
