import { describe, it, expect } from 'vitest';
import {
  FALLBACK_LOCALE,
  LOCALES,
  SERVED_COUNTRIES,
  SERVED_COUNTRY_CODES,
  isLocale,
  isServedCountry,
  localesForCountry,
} from './countries';

describe('localesForCountry', () => {
  it('matches the spec examples exactly, in order', () => {
    expect(localesForCountry('BE')).toEqual(['nl', 'fr', 'de']);
    expect(localesForCountry('CH')).toEqual(['de', 'it', 'fr', 'en']);
    expect(localesForCountry('FI')).toEqual(['fi', 'sv']);
  });

  it('gives the national language elsewhere', () => {
    expect(localesForCountry('NL')).toEqual(['nl']);
    expect(localesForCountry('NO')).toEqual(['nb']);
    expect(localesForCountry('CA')).toEqual(['en', 'fr']);
    expect(localesForCountry('pl')).toEqual(['pl']);
  });

  it('offers all 11 locales to unknown or absent countries', () => {
    for (const c of ['BR', '', null, undefined, 'constructor']) {
      expect(localesForCountry(c)).toEqual([...LOCALES]);
    }
    expect(LOCALES).toHaveLength(11);
  });
});

describe('SERVED_COUNTRIES', () => {
  it('serves the 20 listed countries', () => {
    expect([...SERVED_COUNTRY_CODES].sort()).toEqual(
      ['NL', 'BE', 'LU', 'DE', 'AT', 'CH', 'DK', 'SE', 'NO', 'FI', 'FR', 'IT', 'ES', 'PL', 'GB', 'IE', 'US', 'CA', 'AU', 'NZ'].sort(),
    );
  });

  it('has valid locales and currencies', () => {
    for (const info of Object.values(SERVED_COUNTRIES)) {
      expect(info.locales.length).toBeGreaterThan(0);
      for (const l of info.locales) expect(isLocale(l)).toBe(true);
      expect(info.currency).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('isServedCountry ignores prototype keys', () => {
    expect(isServedCountry('NL')).toBe(true);
    expect(isServedCountry('toString')).toBe(false);
  });
});

describe('isLocale', () => {
  it('accepts only supported locales', () => {
    expect(isLocale(FALLBACK_LOCALE)).toBe(true);
    expect(isLocale('nb')).toBe(true);
    expect(isLocale('no')).toBe(false);
    expect(isLocale('EN')).toBe(false);
    expect(isLocale(1)).toBe(false);
  });
});
