import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../db/schema';
import type { SearchFilters } from '../../../common/search/search-schema';
import { openTestDatabase } from '../../test-support/test-database';
import { ensureDemoSites } from '../../db/seed/demo-data';
import type { Database } from '../../db/database';
import { searchStatements } from './search-repository';

// Enough rows over four sites that a sequential scan is the planner's choice wherever an index does not fit.
const ROWS = 40_000;

let database: Database;
let siteId: number;
let viewerId: number;
/** A member with blocks both ways (beforeAll). */
const BLOCKING_VIEWER = 1500;

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureDemoSites(database.db);
  const [site] = await database.db.select({ id: sites.id }).from(sites).where(eq(sites.key, 'rendezvous'));
  siteId = site!.id;
  const siteIds = (await database.db.select({ id: sites.id }).from(sites)).map((s) => s.id);
  await database.db.execute(sql`
    insert into members (site_id, email, status, email_confirmed_at, name, gender, birth_date, country, region_code, city, invisible, last_active_at)
    select (${sql.raw(`array[${siteIds.join(',')}]`)})[1 + (i % ${siteIds.length})],
      'seed' || i || '@example.test',
      case when i % 50 = 0 then 'not_confirmed' else 'active' end, now(),
      'Seed ' || i, case when i % 2 = 0 then 'female' else 'male' end,
      (date '1950-01-01' + (i * 7919 % 20000)),
      (array['NL','DE','BE','AT','CH','GB','FR','DK'])[1 + (i * 31 % 8)],
      'R' || (i * 13 % 12), 'Town', i % 40 = 0,
      now() - (i * 37 % 100000) * interval '1 minute'
    from generate_series(1, ${ROWS}) i`);
  await database.db.execute(sql`insert into blocks (blocker_id, blocked_id) select m.id, m.id + 1 from members m where m.id % 500 = 0 and m.id < ${ROWS}`);
  // BLOCKING_VIEWER blocked BLOCKING_VIEWER + 1 (above) and is blocked by one more member.
  await database.db.execute(sql`insert into blocks (blocker_id, blocked_id) values (${BLOCKING_VIEWER + 500}, ${BLOCKING_VIEWER})`);
  await database.db.execute(sql`vacuum analyze`);
  // The plans below assume a vacuumed table (index-only counts). VACUUM leaves pages not
  // all-visible while some transaction elsewhere on the server could still see older rows
  // (other test files run beside this one): vacuum again until the visibility map covers it.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const { rows } = await database.pool.query<{ relpages: number; relallvisible: number }>("select relpages, relallvisible from pg_class where relname = 'members'");
    if (rows[0]!.relallvisible >= rows[0]!.relpages) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
    await database.db.execute(sql`vacuum members`);
  }
  viewerId = 1234;
}, 120_000);
afterAll(async () => database?.close());

/** Every combination of the filters (a region only with a country). */
function combinations(): SearchFilters[] {
  const out: SearchFilters[] = [];
  for (const gender of [undefined, 'female'] as const)
    for (const place of [{}, { country: 'DE' }, { country: 'DE', countryregion: 'R5' }])
      for (const min_age of [undefined, 30])
        for (const max_age of [undefined, 45]) out.push({ gender, ...place, min_age, max_age });
  return out;
}

/** The plan of a statement as the search runs it: unnamed, planned with its values. */
async function plan(statement: { text: string; values: unknown[] }): Promise<string> {
  const res = await database.pool.query(`explain ${statement.text}`, statement.values);
  return (res.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
}

describe('search query plans', () => {
  const cases = combinations();
  it('covers every filter combination', () => expect(cases).toHaveLength(24));

  for (const [i, filters] of cases.entries()) {
    for (const viewer of ['visitor', 'member', 'member with blocks'] as const) {
      it(`uses an index for ${JSON.stringify(filters)} as ${viewer} (#${i})`, async () => {
        const who = { siteId, viewerId: viewer === 'visitor' ? null : viewer === 'member' ? viewerId : BLOCKING_VIEWER };
        for (const offset of [0, 240]) {
          const pagePlan = await plan(searchStatements(database.db, who, filters, 24, offset).page);
          expect(pagePlan, pagePlan).not.toMatch(/Seq Scan on members/);
          expect(pagePlan).toMatch(/Index|Bitmap/);
        }
        const countPlan = await plan(searchStatements(database.db, who, filters, 24, 0).count);
        expect(countPlan, countPlan).not.toMatch(/Seq Scan on members/);
        // The count reads only a listed-members index, never the table (index-only once vacuumed).
        expect(countPlan, countPlan).toMatch(/Index Only Scan (Backward )?using members_listed_/);
      });
    }
  }
});
