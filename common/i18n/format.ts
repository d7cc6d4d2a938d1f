import type { Locale } from '../reference/countries';

/**
 * Dates, numbers and money in the reader's locale. Formatters are cached: building an
 * Intl formatter costs far more than using one.
 */
const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}

export function formatDate(locale: Locale, date: Date | string, style: 'short' | 'medium' | 'long' = 'long'): string {
  return cached(`d:${locale}:${style}`, () => new Intl.DateTimeFormat(locale, { dateStyle: style, timeZone: 'UTC' })).format(new Date(date));
}

export function formatNumber(locale: Locale, value: number): string {
  return cached(`n:${locale}`, () => new Intl.NumberFormat(locale)).format(value);
}

export function formatCurrency(locale: Locale, amount: number, currency: string): string {
  return cached(`c:${locale}:${currency}`, () => new Intl.NumberFormat(locale, { style: 'currency', currency })).format(amount);
}

const displayNames = new Map<string, Intl.DisplayNames>();

function names(locale: string, type: 'region' | 'language'): Intl.DisplayNames {
  const key = `${type}:${locale}`;
  let dn = displayNames.get(key);
  if (!dn) {
    dn = new Intl.DisplayNames([locale], { type });
    displayNames.set(key, dn);
  }
  return dn;
}

/** A country's name in the locale ("NL" in de: "Niederlande"). */
export function countryName(locale: Locale, code: string): string {
  return names(locale, 'region').of(code) ?? code;
}

/** A language's name in that language, capitalised ("nl": "Nederlands"). */
export function nativeLanguageName(locale: Locale): string {
  const name = names(locale, 'language').of(locale) ?? locale;
  return name.charAt(0).toLocaleUpperCase(locale) + name.slice(1);
}
