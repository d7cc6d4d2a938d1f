/**
 * The member search (GET /api/search.php) at scale: every filter combination, p50/p99
 * latency and throughput at concurrency 1 and 8, against a primary-key lookup of one
 * member measured in the same run (the ratio is what docs/performance.md records).
 *
 *   npm run bench:search                                   # embedded PGlite, 100,000 members (data-bench/search/)
 *   BENCH_DATABASE_URL=postgres://... npm run bench:search # PostgreSQL server, 1,000,000 members
 *
 * Members (npm run seed's generator) and blocks are seeded once and kept for later runs. run.ts adds
 * one row through HTTP: a visitor's search against GET /api/settings.php.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../server/db/database';
import { blocks, members, sites } from '../server/db/schema';
import { ensureDemoSites } from '../server/db/seed/demo-data';
import { seedDemoMembers } from '../server/db/seed/demo-members';
import { SearchService } from '../server/domain/search/search-service';
import type { SearchFilters } from '../common/search/search-schema';
import { cpuTimes, describeSteal, stealShare } from './lib/host-steal';
import { describeSlowdown, HostSlowdownWatch } from './lib/host-slowdown';
import { load, type LoadResult } from './lib/load';
import { ROOT } from './lib/server-process';

const QUERIES_PER_CASE = 500;

export interface LatencyStats {
  p50: number;
  p99: number;
  perSecond: number;
  /** The share of CPU time the host stole while it ran (null: unknown). */
  steal: number | null;
  /** The share of the time the host ran the CPUs slowed (host-slowdown.ts; null: unknown). */
  slowed: number | null;
}

function stats(latencies: number[], wallMs: number, steal: number | null, slowed: number | null): LatencyStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), perSecond: (latencies.length / wallMs) * 1000, steal, slowed };
}

/** Runs `task` `total` times with `concurrency` callers; latency of each call in ms. */
async function measure(task: (i: number) => Promise<unknown>, total: number, concurrency: number, watch: HostSlowdownWatch): Promise<LatencyStats> {
  for (let i = 0; i < Math.min(20, total); i++) await task(i); // warm-up: plans, caches
  const latencies: number[] = [];
  let next = 0;
  const cpuBefore = cpuTimes();
  const from = HostSlowdownWatch.now();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const wall = performance.now() - start;
  const steal = stealShare(cpuBefore, cpuTimes());
  return stats(latencies, wall, steal, await watch.share(from, HostSlowdownWatch.now()));
}

/** Every filter combination the search offers (a region only with a country): 24. */
export function filterCombinations(country: string, region: string): SearchFilters[] {
  const out: SearchFilters[] = [];
  for (const gender of [undefined, 'female'] as const)
    for (const place of [{}, { country }, { country, countryregion: region }])
      for (const min_age of [undefined, 30])
        for (const max_age of [undefined, 45]) out.push(Object.fromEntries(Object.entries({ gender, ...place, min_age, max_age }).filter(([, v]) => v !== undefined)));
  return out;
}

const describe = (f: SearchFilters) => Object.keys(f).join('+') || '(none)';

export interface SearchBenchResult {
  members: number;
  kind: string;
  baseline: { c1: LatencyStats; c8: LatencyStats };
  cases: { filters: string; c1: LatencyStats; c8: LatencyStats }[];
}

async function ensureMembers(database: Database, wanted: number): Promise<number> {
  const { db } = database;
  await ensureDemoSites(db);
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(members);
  const have = row?.n ?? 0;
  if (have < wanted) {
    const all = await db.select().from(sites);
    const mediaDir = await mkdtemp(path.join(tmpdir(), 'rv-bench-media-'));
    console.log(`Seeding ${(wanted - have).toLocaleString('en')} members (${database.kind})...`);
    const result = await seedDemoMembers(db, {
      sites: all.map((s) => ({ id: s.id, countries: s.settings.countries, niche: s.settings.niche, domainLanguage: s.settings.domain_language })),
      count: wanted - have,
      mediaDir,
      seed: 1 + have,
      portraitsPerGender: 8,
    });
    await rm(mediaDir, { recursive: true, force: true });
    console.log(`Seeded in ${(result.ms / 1000).toFixed(0)} s.`);
  }
  // As autovacuum keeps a live table: statistics and the visibility map (index-only counts).
  await db.execute(sql`vacuum analyze members`);
  return Math.max(have, wanted);
}

/**
 * Blocks as a live site has them: one member in ten has blocked someone, and the bench's
 * viewer has blocked three members and been blocked by two (the search leaves them out).
 */
async function ensureBlocks(database: Database, viewerId: number): Promise<void> {
  const { db } = database;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(blocks);
  if ((row?.n ?? 0) > 0) return;
  await db.execute(sql`insert into ${blocks} (blocker_id, blocked_id)
    select m.id, n.id from ${members} m join ${members} n on n.id = m.id + 7 where m.id % 10 = 3 and m.id <> ${viewerId} and n.id <> ${viewerId}
    on conflict do nothing`);
  await db.execute(sql`insert into ${blocks} (blocker_id, blocked_id)
    select ${viewerId}::int, id from ${members} where id in (${viewerId}::int + 101, ${viewerId}::int + 202, ${viewerId}::int + 303)
    union all select id, ${viewerId}::int from ${members} where id in (${viewerId}::int + 404, ${viewerId}::int + 505)
    on conflict do nothing`);
  await db.execute(sql`vacuum analyze blocks`);
}

/** The search at the database: every filter combination, as a logged-in member of the biggest site. */
export async function searchBench(database: Database, wanted: number): Promise<SearchBenchResult> {
  const count = await ensureMembers(database, wanted);
  const { db } = database;
  const [site] = await db.select().from(sites).where(eq(sites.key, 'rendezvous'));
  const siteRow = site!;
  const [viewer] = await db.select().from(members).where(and(eq(members.siteId, siteRow.id), eq(members.status, 'active'))).limit(1);
  await ensureBlocks(database, viewer!.id);
  const [sample] = await db
    .select({ country: members.country, region: members.regionCode })
    .from(members)
    .where(and(eq(members.siteId, siteRow.id), sql`${members.regionCode} is not null`))
    .groupBy(members.country, members.regionCode)
    .orderBy(sql`count(*) desc`)
    .limit(1);
  const service = new SearchService(db, (key) => `/media/${key}`);
  const settings = { id: siteRow.id, searchFields: siteRow.settings.search_fields, memberResell: false };
  const who = { id: viewer!.id, cell: { cellLat: viewer!.cellLat, cellLon: viewer!.cellLon } };
  // Baseline: one member by primary key, the cheapest query a page makes.
  const pk = (i: number) => db.select({ id: members.id, name: members.name }).from(members).where(eq(members.id, 1 + (i % count)));
  const watch = new HostSlowdownWatch();
  try {
    const baseline = { c1: await measure(pk, QUERIES_PER_CASE, 1, watch), c8: await measure(pk, QUERIES_PER_CASE, 8, watch) };
    const cases = [];
    for (const filters of filterCombinations(sample!.country, sample!.region!)) {
      const run = (i: number) => service.search(settings, who, filters, 1 + (i % 3));
      const c1 = await measure(run, QUERIES_PER_CASE, 1, watch);
      const c8 = await measure(run, QUERIES_PER_CASE, 8, watch);
      cases.push({ filters: describe(filters), c1, c8 });
      console.log(`  ${describe(filters).padEnd(40)} c1 p50 ${c1.p50.toFixed(2)} p99 ${c1.p99.toFixed(2)} ms ${c1.perSecond.toFixed(0)}/s${describeSteal(c1.steal)}${describeSlowdown(c1.slowed)} | c8 p50 ${c8.p50.toFixed(2)} p99 ${c8.p99.toFixed(2)} ms ${c8.perSecond.toFixed(0)}/s`);
    }
    return { members: count, kind: database.kind, baseline, cases };
  } finally {
    await watch.stop();
  }
}

/** Markdown summary: worst case over the filter combinations, and the baseline. */
export function summarize(r: SearchBenchResult): string[] {
  const worst = (pick: (c: SearchBenchResult['cases'][number]) => number) => Math.max(...r.cases.map(pick));
  const best = (pick: (c: SearchBenchResult['cases'][number]) => number) => Math.min(...r.cases.map(pick));
  const w1 = worst((c) => c.c1.p99);
  const met = r.cases.filter((c) => c.c1.p99 <= 10).length;
  const b = r.baseline;
  // Beside the misses: how much CPU time the host stole while each ran.
  const misses = r.cases
    .filter((c) => c.c1.p99 > 10)
    .map((c) => `${c.c1.p99.toFixed(2)} ms (${[c.c1.steal === null ? null : `steal ${(c.c1.steal * 100).toFixed(0)} %`, c.c1.slowed === null ? null : `slowed ${(c.c1.slowed * 100).toFixed(0)} %`].filter(Boolean).join(', ')})`);
  const steals = r.cases.map((c) => c.c1.steal).filter((x): x is number => x !== null);
  const slows = r.cases.map((c) => c.c1.slowed).filter((x): x is number => x !== null);
  const stealRange =
    (steals.length ? `; host steal per combination ${(Math.min(...steals) * 100).toFixed(0)}-${(Math.max(...steals) * 100).toFixed(0)} %` : '') +
    (slows.length ? `, host slowed ${(Math.min(...slows) * 100).toFixed(0)}-${(Math.max(...slows) * 100).toFixed(0)} %` : '');
  return [
    `| search, ${r.members.toLocaleString('en')} members (${r.kind}), 24 filter combinations, c=1 | p50 ${best((c) => c.c1.p50).toFixed(2)}-${worst((c) => c.c1.p50).toFixed(2)} ms, p99 ${best((c) => c.c1.p99).toFixed(2)}-${w1.toFixed(2)} ms (<= 10 ms in ${met} of ${r.cases.length}${misses.length ? `; over: ${misses.join(', ')}` : ''}), ${best((c) => c.c1.perSecond).toFixed(0)}-${worst((c) => c.c1.perSecond).toFixed(0)} searches/s${stealRange} | p50 ${(worst((c) => c.c1.p50) / b.c1.p50).toFixed(1)}× and p99 ${(w1 / b.c1.p99).toFixed(1)}× a PK lookup (p50 ${b.c1.p50.toFixed(2)}, p99 ${b.c1.p99.toFixed(2)} ms) | p99 <= 10 ms |`,
    `| search, same, c=8 | p50 worst ${worst((c) => c.c8.p50).toFixed(2)} ms, p99 worst ${worst((c) => c.c8.p99).toFixed(2)} ms, ${best((c) => c.c8.perSecond).toFixed(0)}-${worst((c) => c.c8.perSecond).toFixed(0)} searches/s | ${(best((c) => c.c8.perSecond) / b.c8.perSecond).toFixed(2)} of PK lookups/s (${b.c8.perSecond.toFixed(0)}) | (recorded) |`,
  ];
}

/** run.ts: a visitor's search over HTTP against GET /api/settings.php (same server, same run). */
export async function searchHttpRow(appUrl: string, settingsRps: number): Promise<string[]> {
  const res: LoadResult = await load(`${appUrl}/api/search.php?gender=female&min_age=25&max_age=45`, { host: 'localhost', cookie: 'i18n_redirected=en' });
  return ['GET /api/search.php (visitor, gender+ages) vs GET /api/settings.php', `${res.rps.toFixed(0)} vs ${settingsRps.toFixed(0)} req/s`, (res.rps / settingsRps).toFixed(2), '(recorded)'];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase({ databaseUrl: url, embeddedDataDir: url ? null : path.join(ROOT, 'data-bench', 'search', 'pglite'), poolSize: 8 });
  try {
    const result = await searchBench(database, url ? 1_000_000 : 100_000);
    console.log(['', ...summarize(result)].join('\n'));
  } finally {
    await database.close();
  }
}
