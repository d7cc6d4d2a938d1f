import { describe, expect, it } from 'vitest';
import { addressMultiLine, addressShort, addressSingleLine, cleanPhone, termsVersionDate } from './company-rules';
import { landerSlugPrefix, NICHE_SLUG_PREFIXES } from './site-settings';

const address = { street: 'Herengracht', houseNumber: '182', postalCode: '1016 BR', city: 'Amsterdam', country: 'NL' };

describe('company rules (spec section 9)', () => {
  it('dates the terms 2023-12-01T12:00:00Z unless the company was added later', () => {
    expect(termsVersionDate('2022-06-01T12:00:00Z').toISOString()).toBe('2023-12-01T12:00:00.000Z');
    expect(termsVersionDate('2024-03-15T09:00:00Z').toISOString()).toBe('2024-03-15T09:00:00.000Z');
    expect(termsVersionDate('not a date').toISOString()).toBe('2023-12-01T12:00:00.000Z');
  });

  it('cleans the support phone of dashes and spaces', () => {
    expect(cleanPhone('+31 20-794 1130')).toBe('+31207941130');
  });

  it('has three address variants', () => {
    expect(addressSingleLine(address, 'Nederland')).toBe('Herengracht 182, 1016 BR Amsterdam, Nederland');
    expect(addressMultiLine(address, 'Nederland')).toEqual(['Herengracht 182', '1016 BR Amsterdam', 'Nederland']);
    expect(addressShort(address, 'Nederland')).toBe('Amsterdam, Nederland');
  });
});

describe('niches (spec section 1)', () => {
  it('map 1-7 to the landing-page slug prefixes', () => {
    expect(Object.keys(NICHE_SLUG_PREFIXES)).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => landerSlugPrefix(n as keyof typeof NICHE_SLUG_PREFIXES))).toEqual(['', 'she-', 'bdsm-', 'bbw-', 'gilf-', 'milf-', 'gay-']);
  });
});
