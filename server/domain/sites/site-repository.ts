import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { companies, sites } from '../../db/schema';

export type SiteRow = typeof sites.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function listSites(db: Db): Promise<SiteRow[]> {
  return db.select().from(sites).orderBy(sites.id);
}

export async function listCompanies(db: Db): Promise<CompanyRow[]> {
  return db.select().from(companies).orderBy(companies.id);
}

export async function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id));
  return row;
}
