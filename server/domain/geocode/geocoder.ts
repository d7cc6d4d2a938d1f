/**
 * Offline reverse geocoding: the nearest known town within MAX_DISTANCE_KM of a point,
 * with its served country and region. Loaded from places.tsv at the first lookup
 * and kept in memory (docs/performance.md has its size and load time).
 */
import { readFile } from 'node:fs/promises';
import { isServedCountry, type ServedCountryCode } from '../../../common/reference/countries';
import { PlaceGrid } from './place-grid';
import { parsePlaces, type PlaceTable } from './places-file';
import { PLACES_FILE } from './places-path';

/**
 * A point farther than this from every town answers nothing: at sea, in the wilderness,
 * or in a country whose small towns we do not list. Nearer, the nearest town wins, also
 * across a border: towns of neighbouring countries are in the data for that reason.
 */
export const MAX_DISTANCE_KM = 50;

export interface GeocodedPlace {
  country: ServedCountryCode;
  region: string | null;
  city: string;
}

export class Geocoder {
  private readonly grid: PlaceGrid;

  constructor(private readonly table: PlaceTable) {
    this.grid = new PlaceGrid(table.lat, table.lon);
  }

  get size(): number {
    return this.grid.size;
  }

  /** The served place at (lat, lon), or null: elsewhere, or far from any town. */
  lookup(lat: number, lon: number): GeocodedPlace | null {
    const hit = this.grid.nearest(lat, lon, MAX_DISTANCE_KM);
    if (!hit) return null;
    const { country, region } = this.table.groups[this.table.group[hit.index]!]!;
    if (!isServedCountry(country)) return null;
    return { country, region, city: this.table.names[hit.index]! };
  }
}

export async function loadGeocoder(file = PLACES_FILE): Promise<Geocoder> {
  return new Geocoder(parsePlaces(await readFile(file, 'utf8')));
}

let shared: Promise<Geocoder> | undefined;

/** One geocoder per process, loaded at its first use (most requests never need it). */
export function sharedGeocoder(): Promise<Geocoder> {
  if (!shared) {
    shared = loadGeocoder();
    // A failed load (file missing during a deploy) is tried again by the next request.
    shared.catch(() => (shared = undefined));
  }
  return shared;
}
