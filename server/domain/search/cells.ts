import type { DistanceBand } from '../../../common/search/search-schema';

/** Grid size in degrees: a member's position is stored only as the centre of its cell. */
export const CELL_DEGREES = 0.1;

/** The centre of the 0.1-degree cell holding (lat, lon), rounded to 2 decimals. */
export function snapToCell(lat: number, lon: number): { cellLat: number; cellLon: number } {
  const centre = (v: number) => Math.round((Math.floor(v / CELL_DEGREES) * CELL_DEGREES + CELL_DEGREES / 2) * 100) / 100;
  return { cellLat: Math.min(89.95, Math.max(-89.95, centre(lat))), cellLon: centre(((((lon + 180) % 360) + 360) % 360) - 180) };
}

const EARTH_KM = 6371;
const rad = (d: number) => (d * Math.PI) / 180;

function kmBetween(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const h = Math.sin(rad(bLat - aLat) / 2) ** 2 + Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(rad(bLon - aLon) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface Cell {
  cellLat: number | null;
  cellLon: number | null;
}

/**
 * The coarse distance band between two members' cells, or null when either has none. Only
 * the band leaves the server: never the cells, coordinates or a distance in km.
 */
export function distanceBand(a: Cell | null, b: Cell): DistanceBand | null {
  if (!a || a.cellLat === null || a.cellLon === null || b.cellLat === null || b.cellLon === null) return null;
  const km = kmBetween(a.cellLat, a.cellLon, b.cellLat, b.cellLon);
  if (km < 10) return 'lt10';
  if (km < 25) return '10to25';
  if (km < 50) return '25to50';
  if (km < 100) return '50to100';
  return 'over100';
}
