import { count, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { companies, members, sites } from '../schema';
import { DEMO_COMPANIES, DEMO_SITES } from './demo-sites';
import { seedDemoMembers, type SeedSite } from './demo-members';
import { ensureDemoAccounts } from './demo-accounts';
import { ensureDemoBundles } from './demo-bundles';
import { ensureDemoCodes } from './demo-codes';

export interface DemoDataOptions {
  members: number;
  mediaDir: string;
  log?: (msg: string) => void;
}

/** Creates the demo sites, companies and members, each only when its table is empty. */
export async function ensureDemoData(db: Db, options: DemoDataOptions): Promise<void> {
  const log = options.log ?? (() => {});
  await ensureDemoSites(db);
  const [row] = await db.select({ n: count() }).from(members);
  if ((row?.n ?? 0) > 0 || options.members === 0) {
    await ensureDemoAccounts(db);
    return;
  }
  const siteRows = await db.select().from(sites);
  const seedSites: SeedSite[] = siteRows.map((s) => ({
    id: s.id,
    countries: s.settings.countries,
    niche: s.settings.niche,
    domainLanguage: s.settings.domain_language,
  }));
  const result = await seedDemoMembers(db, { sites: seedSites, count: options.members, mediaDir: options.mediaDir });
  await ensureDemoAccounts(db);
  log(`seeded ${result.members} demo members in ${result.ms} ms`);
}

export async function ensureDemoSites(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [existing] = await tx.select({ n: count() }).from(sites);
    if ((existing?.n ?? 0) > 0) return;
    for (const c of DEMO_COMPANIES) {
      const [company] = await tx
        .insert(companies)
        .values({
          name: c.name,
          address: c.address,
          kvk: c.kvk,
          tradenames: c.tradenames,
          vatNumbers: c.vatNumbers,
          supportPhone: c.supportPhone,
          deleteDiscount: c.deleteDiscount,
          added: new Date(c.added),
        })
        .returning({ id: companies.id });
      for (const s of DEMO_SITES.filter((site) => site.companyKey === c.key)) {
        await tx.insert(sites).values({ key: s.key, hosts: s.hosts, companyId: company!.id, settings: s.settings, isDefault: s.isDefault });
      }
    }
    const [defaults] = await tx.select({ n: count() }).from(sites).where(eq(sites.isDefault, true));
    if (defaults?.n !== 1) throw new Error('Exactly one demo site must be the default');
  });
  // Also for a data directory made before price lists (and discount codes) existed.
  await db.transaction(async (tx) => {
    await ensureDemoBundles(tx);
    await ensureDemoCodes(tx);
  });
}
