import { servedCountry, type ServedCountryCode } from '../reference/countries';

/** Currencies a price can be in: those of the served countries. */
export const CURRENCIES = ['EUR', 'PLN', 'DKK', 'SEK', 'NOK', 'CHF', 'GBP', 'USD', 'CAD', 'AUD', 'NZD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The currency members from a country pay in (EUR for a country we do not serve). */
export function currencyOf(country: string | null | undefined): Currency {
  return (servedCountry(country)?.currency as Currency | undefined) ?? 'EUR';
}

/**
 * Standard VAT (or sales tax) rate on digital services sold to consumers, in basis points
 * (2100 = 21 %), by the buyer's country (EU place-of-supply rule). Countries not listed: 0.
 */
export const VAT_RATE_BP: Partial<Record<ServedCountryCode, number>> = {
  NL: 2100,
  BE: 2100,
  LU: 1700,
  DE: 1900,
  AT: 2000,
  CH: 810,
  DK: 2500,
  SE: 2500,
  NO: 2500,
  FI: 2550,
  FR: 2000,
  IT: 2200,
  ES: 2100,
  PL: 2300,
  GB: 2000,
  IE: 2300,
};

export function vatRateBp(country: string | null | undefined): number {
  const info = servedCountry(country);
  return info ? (VAT_RATE_BP[country!.toUpperCase() as ServedCountryCode] ?? 0) : 0;
}

/** The VAT inside a gross amount (prices are shown with VAT included), rounded to the minor unit. */
export function vatOf(grossMinor: number, rateBp: number): number {
  return grossMinor - Math.round((grossMinor * 10_000) / (10_000 + rateBp));
}

/** A price in the visitor's language: amounts are integers in minor units (cents). */
export function formatMoney(minor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100);
}
