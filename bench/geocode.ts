/**
 * The reverse geocoder (GET /api/geocode.php): its first load (read places.tsv,
 * parse, build the grid), the memory it keeps, and one lookup near a real town. Runs in
 * a process of its own (`node --expose-gc --import tsx bench/geocode.ts`) so that its
 * memory is measured alone; run.ts compares a lookup with one settings.php request.
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { loadGeocoder } from '../server/domain/geocode/geocoder';
import { ROOT } from './lib/server-process';
import { mulberry32 } from '../common/seeded-random';

export interface GeocodeCost {
  places: number;
  loadMs: number;
  memoryMiB: number;
  lookupUs: number;
}

const LOOKUPS = 200_000;

export async function measureGeocoder(): Promise<GeocodeCost> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with node --expose-gc');
  gc();
  const before = process.memoryUsage();
  const started = performance.now();
  const geocoder = await loadGeocoder();
  const loadMs = performance.now() - started;
  gc();
  const after = process.memoryUsage();
  const memoryMiB = (after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers) / 2 ** 20;

  // Points within about 20 km of towns: where members are, so dense areas weigh most.
  const table = (geocoder as unknown as { table: { lat: Float64Array; lon: Float64Array } }).table;
  const next = mulberry32(42);
  const points = Float64Array.from({ length: LOOKUPS * 2 }, (_, i) => {
    const town = Math.floor(next() * table.lat.length);
    return i % 2 === 0 ? table.lat[town]! + (next() - 0.5) * 0.36 : table.lon[town]! + (next() - 0.5) * 0.5;
  });
  let found = 0;
  for (let i = 0; i < 20_000; i += 2) found += geocoder.lookup(points[i]!, points[i + 1]!) ? 1 : 0; // warm-up
  const t0 = performance.now();
  for (let i = 0; i < points.length; i += 2) found += geocoder.lookup(points[i]!, points[i + 1]!) ? 1 : 0;
  const lookupUs = ((performance.now() - t0) * 1000) / LOOKUPS;
  if (found === 0) throw new Error('no lookup found a place');
  return { places: geocoder.size, loadMs, memoryMiB, lookupUs };
}

/** Runs measureGeocoder() in a fresh process. */
export function geocodeCost(): GeocodeCost {
  const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'bench/geocode.ts'], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`bench/geocode.ts failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as GeocodeCost;
}

/** The benchmark table row: a lookup against one settings.php request (1 / its req/s on the one event loop). */
export function geocodeRow(settingsRps: number): string[] {
  const cost = geocodeCost();
  const requestUs = 1e6 / settingsRps;
  return [
    'geocode lookup (in process) vs one GET /api/settings.php',
    `${cost.lookupUs.toFixed(1)} vs ${requestUs.toFixed(1)} µs; ${cost.places.toLocaleString('en')} places, first load ${cost.loadMs.toFixed(0)} ms, ${cost.memoryMiB.toFixed(1)} MiB`,
    (cost.lookupUs / requestUs).toFixed(2),
    '<= 0.1',
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) console.log(JSON.stringify(await measureGeocoder()));
