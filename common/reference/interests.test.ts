import { describe, it, expect } from 'vitest';
import { INTERESTS, INTEREST_ICONS, INTEREST_IDS, isInterestId } from './interests';

describe('interests', () => {
  it('has 50 unique kebab-case ids', () => {
    expect(INTEREST_IDS).toHaveLength(50);
    expect(new Set(INTEREST_IDS).size).toBe(50);
    for (const id of INTEREST_IDS) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('has 50 distinct icons, one per id', () => {
    expect(Object.keys(INTEREST_ICONS).sort()).toEqual([...INTEREST_IDS].sort());
    expect(new Set(Object.values(INTEREST_ICONS)).size).toBe(50);
    for (const icon of Object.values(INTEREST_ICONS)) expect(icon).toMatch(/^\p{Extended_Pictographic}/u);
  });

  it('lists interests in id order with their icon', () => {
    expect(INTERESTS.map((i) => i.id)).toEqual([...INTEREST_IDS]);
    expect(INTERESTS.find((i) => i.id === 'kissing')?.icon).toBe('💋');
  });

  it('isInterestId', () => {
    expect(isInterestId('anal-sex')).toBe(true);
    expect(isInterestId('analsex')).toBe(false);
  });
});

// The "reference" i18n namespace is keyed by the ids above; a missing key would
// silently fall back to English, so check every locale file is complete.
describe('reference translations', async () => {
  const { readFileSync } = await import('node:fs');
  const { LOCALES } = await import('./countries');
  const options = await import('./profile-options');
  const expected: Record<string, readonly string[]> = {
    interests: INTEREST_IDS,
    regionType: ['province', 'state', 'county', 'region', 'canton', 'voivodeship', 'municipality', 'territory', 'district', 'department'],
    gender: options.GENDERS,
    sexuality: options.SEXUALITIES,
    hairColour: options.HAIR_COLOURS,
    eyeColour: options.EYE_COLOURS,
    bodyType: options.BODY_TYPES,
    relationshipStatus: options.RELATIONSHIP_STATUSES,
    tattoos: options.TATTOOS,
  };
  const load = (locale: string): Record<string, Record<string, string>> =>
    JSON.parse(readFileSync(new URL(`../../app/locales/${locale}/reference.json`, import.meta.url), 'utf8')) as Record<
      string,
      Record<string, string>
    >;

  it.each([...LOCALES])('%s has exactly the expected keys, all non-empty', (locale) => {
    const t = load(locale);
    expect(Object.keys(t).sort()).toEqual(Object.keys(expected).sort());
    for (const [group, ids] of Object.entries(expected)) {
      expect(Object.keys(t[group] ?? {}).sort()).toEqual([...ids].sort());
      for (const label of Object.values(t[group] ?? {})) expect(label.trim()).not.toBe('');
    }
  });
});
