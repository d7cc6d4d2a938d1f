import { beforeAll, describe, expect, it } from 'vitest';
import { isServedCountry } from '../../../common/reference/countries';
import { findRegion } from '../reference/regions';
import { loadGeocoder, type Geocoder } from './geocoder';
import type { PlaceTable } from './places-file';

let geocoder: Geocoder;
beforeAll(async () => {
  geocoder = await loadGeocoder();
});

describe('reverse geocoding', () => {
  it('knows Amsterdam and Munich', () => {
    expect(geocoder.lookup(52.37, 4.9)).toEqual({ country: 'NL', region: 'NH', city: 'Amsterdam' });
    expect(geocoder.lookup(48.137, 11.575)).toMatchObject({ country: 'DE', region: 'BY', city: 'Munich' });
  });

  it('gets the country right on both sides of a border', () => {
    // Lanaken (Belgian Limburg) lies 5 km from Maastricht (Dutch Limburg).
    expect(geocoder.lookup(50.893, 5.647)).toMatchObject({ country: 'BE', region: 'VLI', city: 'Lanaken' });
    expect(geocoder.lookup(50.851, 5.691)).toMatchObject({ country: 'NL', region: 'LI', city: 'Maastricht' });
    // Essen (Antwerp) and Nispen (North Brabant), 4 km apart across the border.
    expect(geocoder.lookup(51.468, 4.451)).toMatchObject({ country: 'BE', region: 'VAN', city: 'Essen' });
    expect(geocoder.lookup(51.483, 4.462)).toMatchObject({ country: 'NL', region: 'NB' });
    expect(geocoder.lookup(48.5734, 7.7521)).toMatchObject({ country: 'FR', region: 'GES', city: 'Strasbourg' });
    expect(geocoder.lookup(48.5667, 7.8167)).toMatchObject({ country: 'DE', region: 'BW', city: 'Kehl' });
  });

  it('answers nothing in a country we do not serve, also near a served one', () => {
    expect(geocoder.lookup(50.088, 14.42)).toBeNull(); // Prague
    expect(geocoder.lookup(50.767, 15.056)).toBeNull(); // Liberec, 25 km from Zittau (DE)
    expect(geocoder.lookup(45.4642, 9.19)).not.toBeNull(); // but Milan is served
  });

  it('answers nothing more than 50 km from any town', () => {
    expect(geocoder.lookup(55.5, 3.0)).toBeNull(); // the middle of the North Sea
    expect(geocoder.lookup(0, 0)).toBeNull();
    expect(geocoder.lookup(90, 0)).toBeNull();
    expect(geocoder.lookup(-90, 180)).toBeNull();
    // Off the coast, but within reach of a town: the nearest town.
    expect(geocoder.lookup(52.55, 4.45)?.country).toBe('NL');
  });

  it.each([
    ['London', 51.5074, -0.1278, 'GB', 'LDN'],
    ['Birmingham', 52.4862, -1.8904, 'GB', 'WM'],
    ['Manchester', 53.4808, -2.2426, 'GB', 'NW'],
    ['Leeds', 53.8008, -1.5491, 'GB', 'YH'],
    ['Bristol', 51.4545, -2.5879, 'GB', 'SW'],
    ['Cambridge', 52.2053, 0.1218, 'GB', 'EE'],
    ['Edinburgh', 55.9533, -3.1883, 'GB', 'SCT'],
    ['Belfast', 54.5973, -5.9301, 'GB', 'NIR'],
    ['Dublin', 53.3498, -6.2603, 'IE', 'D'],
    ['Cork', 51.8985, -8.4756, 'IE', 'CO'],
    ['Galway', 53.2707, -9.0568, 'IE', 'G'],
    ['Brussels', 50.8503, 4.3517, 'BE', 'BRU'],
    ['Antwerpen', 51.2194, 4.4025, 'BE', 'VAN'],
    ['Namur', 50.4674, 4.872, 'BE', 'WNA'],
    ['Oslo', 59.9139, 10.7522, 'NO', '03'],
    ['Drammen', 59.7439, 10.2045, 'NO', '33'],
    ['Fredrikstad', 59.2181, 10.9298, 'NO', '31'],
    ['Tønsberg', 59.2675, 10.4076, 'NO', '39'],
    ['Skien', 59.2096, 9.6089, 'NO', '40'],
    ['Tromsø', 69.6492, 18.9553, 'NO', '55'],
    ['Alta', 69.9689, 23.2716, 'NO', '56'],
    ['Luxembourg', 49.6116, 6.1319, 'LU', 'LU'],
    ['Vienna', 48.2082, 16.3738, 'AT', '9'],
    ['Zürich', 47.3769, 8.5417, 'CH', 'ZH'],
    ['Copenhagen', 55.6761, 12.5683, 'DK', '84'],
    ['Stockholm', 59.3293, 18.0686, 'SE', 'AB'],
    ['Helsinki', 60.1699, 24.9384, 'FI', '18'],
    ['Mariehamn', 60.0973, 19.9348, 'FI', '01'],
    ['Paris', 48.8566, 2.3522, 'FR', 'IDF'],
    ['Saint-Denis', -20.8823, 55.4504, 'FR', 'RE'],
    ['Rome', 41.9028, 12.4964, 'IT', '62'],
    ['Barcelona', 41.3874, 2.1686, 'ES', 'CT'],
    ['Warsaw', 52.2297, 21.0122, 'PL', '14'],
    ['New York City', 40.7128, -74.006, 'US', 'NY'],
    ['Toronto', 43.6532, -79.3832, 'CA', 'ON'],
    ['Sydney', -33.8688, 151.2093, 'AU', 'NSW'],
    ['Auckland', -36.8485, 174.7633, 'NZ', 'AUK'],
  ])('%s is in %s %s', (city, lat, lon, country, region) => {
    expect(geocoder.lookup(lat, lon)).toEqual({ country, region, city });
  });
});

describe('the places file', () => {
  it('holds towns of every served country, each with a region findRegion accepts', () => {
    const table = (geocoder as unknown as { table: PlaceTable }).table;
    const countries = new Set<string>();
    const wrong: string[] = [];
    for (let i = 0; i < table.names.length; i += 1) {
      const { country, region } = table.groups[table.group[i]!]!;
      const name = table.names[i]!;
      if (!isServedCountry(country)) {
        if (name !== '') wrong.push(`${country} ${name}: named town of a country we do not serve`);
        continue;
      }
      countries.add(country);
      if (name === '') wrong.push(`${country} ${region}: town without a name`);
      // Only the Chatham Islands (NZ) lie in no region.
      const regionOk = region === null ? country === 'NZ' : findRegion(country, region) !== undefined;
      if (!regionOk) wrong.push(`${country} ${name}: region ${region}`);
    }
    expect(wrong).toEqual([]);
    expect(countries.size).toBe(20);
    expect(geocoder.size).toBeGreaterThan(50_000);
  });
});
