/**
 * Nearest point on the globe among many, through a grid of 0.5° cells: a query reads
 * only the few cells its search radius touches. The points are stored cell by cell
 * (a counting sort), so a cell is one contiguous run of two Float64Arrays.
 */
const EARTH_RADIUS_KM = 6371.0088;
const KM_PER_DEGREE = (Math.PI * EARTH_RADIUS_KM) / 180;
const CELL_DEG = 0.5;
const ROWS = 180 / CELL_DEG;
const COLS = 360 / CELL_DEG;
const RAD = Math.PI / 180;

export function haversineKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * RAD;
  const dLon = (lon2 - lon1) * RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RAD) * Math.cos(lat2 * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

const rowOf = (lat: number) => Math.min(ROWS - 1, Math.max(0, Math.floor((lat + 90) / CELL_DEG)));
const colOf = (lon: number) => ((Math.floor((lon + 180) / CELL_DEG) % COLS) + COLS) % COLS;

export interface Nearest {
  /** Index of the point in the arrays given to the constructor. */
  index: number;
  km: number;
}

export class PlaceGrid {
  /** Points of cell k are at [start[k], start[k + 1]) of lat/lon/index. */
  private readonly start = new Uint32Array(ROWS * COLS + 1);
  private readonly lat: Float64Array;
  private readonly lon: Float64Array;
  private readonly index: Uint32Array;

  constructor(lat: Float64Array, lon: Float64Array) {
    const n = lat.length;
    const cell = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) {
      cell[i] = rowOf(lat[i]!) * COLS + colOf(lon[i]!);
      this.start[cell[i]! + 1]! += 1;
    }
    for (let k = 1; k < this.start.length; k += 1) this.start[k]! += this.start[k - 1]!;
    const fill = this.start.slice(0, -1);
    this.lat = new Float64Array(n);
    this.lon = new Float64Array(n);
    this.index = new Uint32Array(n);
    for (let i = 0; i < n; i += 1) {
      const at = fill[cell[i]!]!++;
      this.lat[at] = lat[i]!;
      this.lon[at] = lon[i]!;
      this.index[at] = i;
    }
  }

  get size(): number {
    return this.lat.length;
  }

  /** The point nearest to (lat, lon) within maxKm (great-circle distance), or null. */
  nearest(lat: number, lon: number, maxKm: number): Nearest | null {
    const dLat = maxKm / KM_PER_DEGREE;
    const rowFrom = rowOf(lat - dLat);
    const rowTo = rowOf(lat + dLat);
    // The band's widest longitude span is at its edge nearest a pole.
    const poleward = Math.min(89.99, Math.max(Math.abs(lat - dLat), Math.abs(lat + dLat)));
    const dLon = dLat / Math.cos(poleward * RAD);
    const wholeCircle = dLon >= 180;
    const colFrom = wholeCircle ? 0 : colOf(lon - dLon);
    const colSpan = wholeCircle ? COLS : Math.min(COLS, Math.floor((lon + dLon + 180) / CELL_DEG) - Math.floor((lon - dLon + 180) / CELL_DEG) + 1);
    // Candidates are compared on a flat projection around the query (within 1 % at
    // these distances); only the winner is measured on the sphere.
    const kx = Math.cos(lat * RAD);
    let best = -1;
    let bestD2 = Infinity;
    for (let row = rowFrom; row <= rowTo; row += 1) {
      for (let c = 0; c < colSpan; c += 1) {
        const k = row * COLS + ((colFrom + c) % COLS);
        const end = this.start[k + 1]!;
        for (let i = this.start[k]!; i < end; i += 1) {
          let dx = this.lon[i]! - lon;
          if (dx > 180) dx -= 360;
          else if (dx < -180) dx += 360;
          dx *= kx;
          const dy = this.lat[i]! - lat;
          const d2 = dx * dx + dy * dy;
          if (d2 < bestD2) {
            best = i;
            bestD2 = d2;
          }
        }
      }
    }
    if (best < 0) return null;
    const km = haversineKm(lat, lon, this.lat[best]!, this.lon[best]!);
    return km <= maxKm ? { index: this.index[best]!, km } : null;
  }
}
