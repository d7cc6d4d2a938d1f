/**
 * Countries the white-label sites serve, and the per-country language and
 * region-naming rules. Shared by server and client, so it holds no data that
 * only the server needs (region lists live in server/domain/reference).
 */

export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE = 'en' satisfies Locale;

/** How a country names its first-level subdivisions; used as the label of the region picker. */
export type RegionType =
  | 'province'
  | 'state'
  | 'county'
  | 'region'
  | 'canton'
  | 'voivodeship'
  | 'municipality'
  | 'territory'
  | 'district'
  | 'department';

export interface CountryInfo {
  /** Locales offered in the language switcher to visitors from this country; the first is the default. */
  readonly locales: readonly Locale[];
  readonly regionType: RegionType;
  /** ISO 4217 */
  readonly currency: string;
}

// BE, CH and FI locale orders are fixed by the spec (section 9); the rest follow
// the official languages of each country.
export const SERVED_COUNTRIES = {
  NL: { locales: ['nl'], regionType: 'province', currency: 'EUR' },
  BE: { locales: ['nl', 'fr', 'de'], regionType: 'province', currency: 'EUR' },
  LU: { locales: ['fr', 'de'], regionType: 'canton', currency: 'EUR' },
  DE: { locales: ['de'], regionType: 'state', currency: 'EUR' },
  AT: { locales: ['de'], regionType: 'state', currency: 'EUR' },
  CH: { locales: ['de', 'it', 'fr', 'en'], regionType: 'canton', currency: 'CHF' },
  DK: { locales: ['da'], regionType: 'region', currency: 'DKK' },
  SE: { locales: ['sv'], regionType: 'county', currency: 'SEK' },
  NO: { locales: ['nb'], regionType: 'county', currency: 'NOK' },
  FI: { locales: ['fi', 'sv'], regionType: 'region', currency: 'EUR' },
  FR: { locales: ['fr'], regionType: 'region', currency: 'EUR' },
  IT: { locales: ['it'], regionType: 'region', currency: 'EUR' },
  ES: { locales: ['es'], regionType: 'region', currency: 'EUR' },
  PL: { locales: ['pl'], regionType: 'voivodeship', currency: 'PLN' },
  // GB regions are the 12 ITL1 regions (9 English regions + the 3 other nations).
  GB: { locales: ['en'], regionType: 'region', currency: 'GBP' },
  IE: { locales: ['en'], regionType: 'county', currency: 'EUR' },
  US: { locales: ['en'], regionType: 'state', currency: 'USD' },
  CA: { locales: ['en', 'fr'], regionType: 'province', currency: 'CAD' },
  AU: { locales: ['en'], regionType: 'state', currency: 'AUD' },
  NZ: { locales: ['en'], regionType: 'region', currency: 'NZD' },
} as const satisfies Readonly<Record<string, CountryInfo>>;

export type ServedCountryCode = keyof typeof SERVED_COUNTRIES;

export const SERVED_COUNTRY_CODES = Object.keys(SERVED_COUNTRIES) as readonly ServedCountryCode[];

export function isServedCountry(x: unknown): x is ServedCountryCode {
  // hasOwn, not `in`: 'toString' and friends must not count as countries.
  return typeof x === 'string' && Object.hasOwn(SERVED_COUNTRIES, x);
}

/** The served-country entry for an ISO alpha-2 code (any case), or undefined. */
export function servedCountry(country: string | null | undefined): CountryInfo | undefined {
  if (!country) return undefined;
  const code = country.toUpperCase();
  return isServedCountry(code) ? SERVED_COUNTRIES[code] : undefined;
}

/**
 * Locales visible to a visitor from `country`. A visitor from a country we do
 * not serve (or whose country is unknown) may pick any language.
 */
export function localesForCountry(country: string | null | undefined): readonly Locale[] {
  return servedCountry(country)?.locales ?? LOCALES;
}

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}
