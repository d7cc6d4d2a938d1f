/**
 * `npm run seed -- --members N [--site KEY] [--seed S]`: adds N demo members (with photos
 * from the shared portrait pool) to the configured database, next to any already there.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../database';
import { members, sites } from '../schema';
import { ensureDemoSites } from './demo-data';
import { seedDemoMembers, type SeedSite } from './demo-members';

const MAX_MEMBERS = 2_000_000;
const USAGE = 'Usage: npm run seed -- --members N [--site KEY] [--seed S]';

interface SeedArgs {
  members: number;
  site: string | undefined;
  seed: number | undefined;
}

function parseIntArg(name: string, value: string, min: number, max: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max.toLocaleString('en')}, got "${value}".\n${USAGE}`);
  }
  return n;
}

function parseSeedArgs(argv: string[]): SeedArgs {
  const { values } = parseArgs({
    args: argv,
    options: { members: { type: 'string', short: 'n' }, site: { type: 'string' }, seed: { type: 'string' } },
    strict: true,
  });
  if (values.members === undefined) throw new Error(`--members is required.\n${USAGE}`);
  return {
    members: parseIntArg('members', values.members, 1, MAX_MEMBERS),
    site: values.site,
    seed: values.seed === undefined ? undefined : parseIntArg('seed', values.seed, 0, 2 ** 32 - 1),
  };
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    embeddedDataDir: path.join(config.DATA_DIR, 'pglite'),
    poolSize: config.DB_POOL_SIZE,
  });
  try {
    const { db } = database;
    await ensureDemoSites(db);
    const rows = args.site ? await db.select().from(sites).where(eq(sites.key, args.site)) : await db.select().from(sites);
    if (rows.length === 0) {
      const keys = (await db.select({ key: sites.key }).from(sites)).map((s) => s.key);
      throw new Error(`Unknown site "${args.site}". Known sites: ${keys.join(', ')}`);
    }
    const seedSites: SeedSite[] = rows.map((s) => ({
      id: s.id,
      countries: s.settings.countries,
      niche: s.settings.niche,
      domainLanguage: s.settings.domain_language,
    }));
    // Without --seed, continue from the highest id so a second run adds different people.
    const [last] = await db.select({ max: sql<number>`coalesce(max(${members.id}), 0)::int` }).from(members);
    const seed = args.seed ?? 1 + (last?.max ?? 0);
    const where = args.site ? ` on site "${args.site}"` : ` over ${rows.length} sites`;
    console.log(`Seeding ${args.members.toLocaleString('en')} demo members${where} (seed ${seed})...`);
    const result = await seedDemoMembers(db, {
      sites: seedSites,
      count: args.members,
      mediaDir: path.join(config.DATA_DIR, 'media'),
      seed,
    });
    const perSecond = Math.round(result.members / Math.max(result.ms / 1000, 0.001));
    console.log(`Seeded ${result.members.toLocaleString('en')} members in ${(result.ms / 1000).toFixed(1)} s (${perSecond.toLocaleString('en')} members/s).`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
