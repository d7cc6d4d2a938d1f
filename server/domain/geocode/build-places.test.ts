import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildPlaces, placesFileText, type GeoNamesCity } from './build-places';
import { PLACES_FILE } from './places-path';

const city = (name: string, country: string, adminCode: string, lat: number, lon: number, more: Partial<GeoNamesCity> = {}): GeoNamesCity => ({
  name,
  country,
  adminCode,
  featureCode: 'PPL',
  population: 5000,
  loc: { coordinates: [lon, lat] },
  ...more,
});

describe('buildPlaces', () => {
  it('maps GeoNames codes to our regions and keeps towns, not city districts or hamlets', () => {
    const places = buildPlaces(
      [
        city('Amsterdam', 'NL', '07', 52.374, 4.89),
        city('Hamlet', 'NL', '07', 52.4, 4.9, { population: 200 }),
        city('Seat', 'NL', '07', 52.41, 4.91, { population: 0, featureCode: 'PPLA2' }),
        city('Neukölln', 'DE', '16', 52.48, 13.43, { featureCode: 'PPLX' }),
        city('Mariehamn', 'AX', '', 60.1, 19.93),
      ],
      {},
    );
    expect(places.map((p) => [p.name, p.country, p.region])).toEqual([
      ['Amsterdam', 'NL', 'NH'],
      ['Seat', 'NL', 'NH'],
      ['Mariehamn', 'FI', '01'],
    ]);
  });

  it('gives a town the region of its nearest anchor when the codes do not say', () => {
    const places = buildPlaces(
      [
        city('Cork', 'IE', 'M', 51.9, -8.47),
        city('Limerick', 'IE', 'M', 52.66, -8.63),
        city('Mallow', 'IE', 'M', 52.13, -8.64),
        city('Athlone', 'IE', 'L', 53.42, -7.94),
        // 25 km from Limerick, 90 km from Athlone: but only towns of its own province count.
        city('Borderville', 'IE', 'L', 52.7, -8.3),
      ],
      { IE: { M: { CO: ['Cork'], LK: ['Limerick'] }, L: { WH: ['Athlone'] } } },
    );
    expect(Object.fromEntries(places.map((p) => [p.name, p.region]))).toEqual({ Cork: 'CO', Limerick: 'LK', Mallow: 'CO', Athlone: 'WH', Borderville: 'WH' });
  });

  it('keeps towns of other countries only near served ones, without names', () => {
    const places = buildPlaces([city('Zittau', 'DE', '13', 50.9, 14.81), city('Liberec', 'CZ', '83', 50.77, 15.06), city('Brno', 'CZ', '78', 49.2, 16.61)], {});
    expect(places.map((p) => [p.country, p.name])).toEqual([
      ['DE', 'Zittau'],
      ['CZ', ''],
    ]);
  });

  it('fails on an anchor missing from the data or a region regions.ts does not know', () => {
    expect(() => buildPlaces([city('Cork', 'IE', 'M', 51.9, -8.47)], { IE: { M: { CO: ['Cork', 'Corc'] } } })).toThrow(/IE M Corc/);
    expect(() => buildPlaces([city('Nowhere', 'NL', '99', 52, 5)], {})).toThrow(/no town with a known region/);
    expect(() => buildPlaces([city('Cork', 'IE', 'M', 51.9, -8.47)], { IE: { M: { XX: ['Cork'] } } })).toThrow(/region XX/);
  });
});

describe('places.tsv', () => {
  it('is what `npm run geocode:data` makes from the installed data', async () => {
    const committed = await readFile(PLACES_FILE, 'utf8');
    // Compared line by line: a whole-file diff of 1.5 MB would drown the report.
    const made = placesFileText().split('\n');
    const lines = committed.split('\n');
    const firstDifference = made.findIndex((line, i) => line !== lines[i]);
    expect(firstDifference === -1 ? null : { line: firstDifference + 1, file: lines[firstDifference], made: made[firstDifference] }).toBeNull();
    expect(lines.length).toBe(made.length);
  });
});
