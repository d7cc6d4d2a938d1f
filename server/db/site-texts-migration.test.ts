import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettingsRecordSchema } from '../../common/sites/site-settings';
import { DEMO_SITES } from './seed/demo-sites';
import { companies, sites } from './schema';
import type { Database } from './database';
import { projectPath } from '../project-paths';
import { openTestDatabase } from '../test-support/test-database';

const MIGRATION = readFileSync(projectPath('server/db/migrations/0015_site_texts_per_locale.sql'), 'utf8');

let database: Database;
let companyId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const [company] = await database.db
    .insert(companies)
    .values({ name: 'Old Media', address: { street: 'Damrak', houseNumber: '1', postalCode: '1012 LG', city: 'Amsterdam', country: 'NL' }, kvk: '1', supportPhone: '+31 20 000 0000' })
    .returning({ id: companies.id });
  companyId = company!.id;
});
afterAll(async () => database?.close());

/** A site as a database seeded before the texts were per locale held it: one string per text. */
async function oldSite(key: string, domainLanguage: string): Promise<number> {
  const base = DEMO_SITES[0]!.settings;
  const old = {
    ...base,
    domain_language: domainLanguage,
    index_title: `${key} title`,
    description: `${key} description`,
    fictional_warning: `${key} warning`,
    fictional_singular: `${key} profile`,
    fictional_plural: `${key} profiles`,
    mail_name: `${key} mail`,
  };
  const [row] = await database.db.execute<{ id: number }>(
    sql`insert into sites (key, hosts, company_id, settings) values (${key}, ${sql.raw(`ARRAY['${key}.example']`)}, ${companyId}, ${JSON.stringify(old)}::jsonb) returning id`,
  ).then((r) => r.rows);
  return row!.id;
}

async function settingsOf(id: number) {
  const [row] = await database.db.select({ settings: sites.settings }).from(sites).where(eq(sites.id, id));
  return row!.settings;
}

describe('migration 0015: site texts per locale', () => {
  it("turns each single text into the entry of the site's language, en for multi-language sites, and can run again", async () => {
    const german = await oldSite('alt-de', 'de-AT');
    const multi = await oldSite('alt-multi', 'multi');
    await database.db.execute(sql.raw(MIGRATION));
    const de = await settingsOf(german);
    expect(de).toMatchObject({
      index_title: { de: 'alt-de title' },
      description: { de: 'alt-de description' },
      fictional_warning: { de: 'alt-de warning' },
      fictional_singular: { de: 'alt-de profile' },
      fictional_plural: { de: 'alt-de profiles' },
      mail_name: { de: 'alt-de mail' },
      domain_language: 'de-AT',
      name: 'Rendezvous',
    });
    expect(Object.keys(de.index_title)).toEqual(['de']);
    expect((await settingsOf(multi)).index_title).toEqual({ en: 'alt-multi title' });
    // Every stored site now has the shape the code reads.
    for (const row of await database.db.select({ settings: sites.settings }).from(sites)) siteSettingsRecordSchema.parse(row.settings);

    await database.db.execute(sql.raw(MIGRATION));
    expect(await settingsOf(german)).toEqual(de);
  });
});
