import { describe, expect, it } from 'vitest';
import { PlaceGrid, haversineKm } from './place-grid';

const grid = (points: Array<[number, number]>) => new PlaceGrid(Float64Array.from(points, (p) => p[0]), Float64Array.from(points, (p) => p[1]));

describe('haversineKm', () => {
  it('measures great-circle distances', () => {
    expect(haversineKm(52.3676, 4.9041, 48.8566, 2.3522)).toBeCloseTo(430, -1); // Amsterdam-Paris
    expect(haversineKm(0, 0, 0, 180)).toBeCloseTo(20015, -1); // half the equator
    expect(haversineKm(10, 10, 10, 10)).toBe(0);
  });
});

describe('PlaceGrid', () => {
  it('finds the nearest point, not the first one in a nearby cell', () => {
    const g = grid([
      [52.0, 5.0],
      [52.49, 4.51],
      [52.3, 4.9],
    ]);
    expect(g.nearest(52.31, 4.91, 50)?.index).toBe(2);
    expect(g.nearest(52.31, 4.91, 50)?.km).toBeCloseTo(haversineKm(52.31, 4.91, 52.3, 4.9), 6);
  });

  it('answers null beyond the distance', () => {
    const g = grid([[52.0, 5.0]]);
    expect(g.nearest(52.0, 5.8, 50)).toBeNull(); // about 55 km east
    expect(g.nearest(52.0, 5.7, 50)?.index).toBe(0); // about 48 km
  });

  it('searches across the antimeridian and near the poles', () => {
    const g = grid([
      [-44.0, -176.5],
      [89.9, 100],
    ]);
    expect(g.nearest(-44.0, 179.9, 50)).toBeNull();
    expect(g.nearest(-44.0, -176.9, 50)?.index).toBe(0);
    expect(g.nearest(-44.0, 179.99, 300)?.index).toBe(0);
    expect(g.nearest(89.95, -80, 50)?.index).toBe(1); // over the pole
  });

  it('works without points', () => {
    expect(grid([]).nearest(0, 0, 50)).toBeNull();
  });
});
