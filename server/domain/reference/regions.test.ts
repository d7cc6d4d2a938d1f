import { describe, it, expect } from 'vitest';
import { SERVED_COUNTRY_CODES } from '../../../common/reference/countries';
import { findRegion, regionsFor, regionTypeFor } from './regions';

const EXPECTED_COUNTS: Record<string, number> = {
  NL: 12,
  BE: 11, // 10 provinces + Brussels
  LU: 12,
  DE: 16,
  AT: 9,
  CH: 26,
  DK: 5,
  SE: 21,
  NO: 15,
  FI: 19,
  FR: 18, // 13 metropolitan + 5 overseas
  IT: 20,
  ES: 19, // 17 communities + Ceuta, Melilla
  PL: 16,
  GB: 12,
  IE: 26,
  US: 51,
  CA: 13,
  AU: 8,
  NZ: 16,
};

describe('regionsFor', () => {
  it.each(SERVED_COUNTRY_CODES)('%s has the expected number of regions with unique codes', (country) => {
    const regions = regionsFor(country);
    expect(regions.length).toBe(EXPECTED_COUNTS[country]);
    expect(new Set(regions.map((r) => r.code)).size).toBe(regions.length);
    expect(new Set(regions.map((r) => r.name)).size).toBe(regions.length);
    for (const r of regions) {
      expect(r.code).toMatch(/^[A-Z0-9]{1,3}$/);
      expect(r.name.trim()).toBe(r.name);
      expect(r.name.length).toBeGreaterThan(1);
    }
  });

  it('covers every served country', () => {
    expect(Object.keys(EXPECTED_COUNTS).sort()).toEqual([...SERVED_COUNTRY_CODES].sort());
  });

  it('sorts by name in the country language', () => {
    const names = regionsFor('SE').map((r) => r.name);
    expect(names[0]).toBe('Blekinge');
    // Swedish collation puts Ö after Z.
    expect(names.at(-1)).toBe('Östergötland');
    const pl = regionsFor('PL').map((r) => r.name);
    expect(pl.indexOf('Łódzkie')).toBe(pl.indexOf('Lubuskie') + 1);
  });

  it('knows well-known regions by code', () => {
    expect(findRegion('NL', 'NH')?.name).toBe('Noord-Holland');
    expect(findRegion('DE', 'BY')?.name).toBe('Bayern');
    expect(findRegion('CH', 'GE')?.name).toBe('Genève');
    expect(findRegion('CH', 'AI')?.name).toBe('Appenzell Innerrhoden');
    expect(findRegion('BE', 'VAN')?.name).toBe('Antwerpen');
    expect(findRegion('DK', '84')?.name).toBe('Hovedstaden');
    expect(findRegion('FI', '18')?.name).toBe('Uusimaa');
    expect(findRegion('PL', '14')?.name).toBe('Mazowieckie');
    expect(findRegion('IT', '25')?.name).toBe('Lombardia');
    expect(findRegion('ES', 'CT')?.name).toBe('Cataluña');
    expect(findRegion('US', 'DC')?.name).toBe('District of Columbia');
    expect(findRegion('CA', 'QC')?.name).toBe('Quebec');
    expect(findRegion('IE', 'D')?.name).toBe('Dublin');
    expect(findRegion('GB', 'SCT')?.name).toBe('Scotland');
    expect(findRegion('LU', 'CL')?.name).toBe('Clervaux');
    expect(findRegion('NZ', 'MWT')?.name).toBe('Manawatū-Whanganui');
    expect(findRegion('FR', 'IDF')?.name).toBe('Île-de-France');
  });

  it('uses the current Norwegian counties (2024)', () => {
    const names = regionsFor('NO').map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['Akershus', 'Buskerud', 'Østfold', 'Troms', 'Finnmark']));
    expect(names).not.toContain('Viken');
    expect(names).not.toContain('Svalbard');
  });

  it('keeps only first-level regions where the package has more', () => {
    expect(findRegion('US', 'PR')).toBeUndefined();
    expect(findRegion('FR', 'NC')).toBeUndefined();
    expect(findRegion('ES', 'B')).toBeUndefined(); // province of Barcelona
  });

  it('is case-insensitive and empty for unserved countries', () => {
    expect(regionsFor('nl')).toBe(regionsFor('NL'));
    expect(regionsFor('BR')).toEqual([]);
    expect(regionsFor('toString')).toEqual([]);
  });

  it('returns frozen lists so callers cannot corrupt the cache', () => {
    expect(Object.isFrozen(regionsFor('NL'))).toBe(true);
  });
});

describe('regionTypeFor', () => {
  it('follows SERVED_COUNTRIES', () => {
    expect(regionTypeFor('NL')).toBe('province');
    expect(regionTypeFor('CH')).toBe('canton');
    expect(regionTypeFor('PL')).toBe('voivodeship');
    expect(regionTypeFor('SE')).toBe('county');
    expect(regionTypeFor('de')).toBe('state');
  });

  it('falls back to region', () => {
    expect(regionTypeFor('BR')).toBe('region');
  });
});
