import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/reference/countries';
import { regionsFor } from '../../domain/reference/regions';
import { openDatabase, type Database } from '../database';
import { sites } from '../schema';
import { ensureDemoSites } from './demo-data';
import { seedDemoMembers, type SeedSite } from './demo-members';

interface MemberRecord {
  id: number;
  site_id: number;
  email: string;
  language: string;
  name: string;
  gender: string;
  sexuality: string;
  birth_date: string;
  years: number;
  country: string;
  region_code: string | null;
  city: string | null;
  interests: string[];
  about: string;
  fictional: boolean;
  main_photo_id: number | null;
  created_at: Date;
  last_active_at: Date;
}

const COUNT = 300;
const SEED = 4242;

let database: Database;
let mediaDir: string;
let seedSites: SeedSite[];
let siteKeys: Map<number, string>;
let firstRun: MemberRecord[];

async function membersAfter(id: number): Promise<MemberRecord[]> {
  const { rows } = await database.pool.query<MemberRecord>(
    `select *, to_char(birth_date, 'YYYY-MM-DD') as birth_date, date_part('year', age(birth_date))::int as years
       from members where id > $1 order by id`,
    [id],
  );
  return rows;
}

beforeAll(async () => {
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'demo-members-'));
  database = await openDatabase({ embeddedDataDir: null, poolSize: 1 });
  await ensureDemoSites(database.db);
  const rows = await database.db.select().from(sites);
  siteKeys = new Map(rows.map((s) => [s.id, s.key]));
  seedSites = rows.map((s) => ({ id: s.id, countries: s.settings.countries, niche: s.settings.niche, domainLanguage: s.settings.domain_language }));
  const result = await seedDemoMembers(database.db, { sites: seedSites, count: COUNT, mediaDir, seed: SEED, portraitsPerGender: 6 });
  expect(result.members).toBe(COUNT);
  firstRun = await membersAfter(0);
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('seedDemoMembers', () => {
  it('creates the requested number of members, some on every site', () => {
    expect(firstRun).toHaveLength(COUNT);
    for (const site of seedSites) expect(firstRun.some((m) => m.site_id === site.id)).toBe(true);
  });

  it('places members in a country, region and town their site serves', () => {
    for (const m of firstRun) {
      const site = seedSites.find((s) => s.id === m.site_id)!;
      expect(site.countries).toContain(m.country.trim());
      expect(regionsFor(m.country.trim()).map((r) => r.code)).toContain(m.region_code);
      expect(m.city).toBeTruthy();
    }
  });

  it('gives adults aged 18-80 with a locale, interests and an about text', () => {
    for (const m of firstRun) {
      expect(m.years).toBeGreaterThanOrEqual(18);
      expect(m.years).toBeLessThanOrEqual(80);
      expect(LOCALES).toContain(m.language);
      expect(m.interests.length).toBeGreaterThanOrEqual(3);
      expect(m.interests.length).toBeLessThanOrEqual(8);
      expect(m.about).not.toMatch(/[{}%]/);
      expect(m.created_at.getTime()).toBeLessThanOrEqual(m.last_active_at.getTime());
    }
  });

  it('matches gender and sexuality to the niche', () => {
    const byKey = (key: string) => firstRun.filter((m) => siteKeys.get(m.site_id) === key);
    const gay = byKey('rainbow');
    expect(gay.length).toBeGreaterThan(0);
    for (const m of gay) {
      expect(m.gender).toBe('male');
      expect(['gay', 'bi']).toContain(m.sexuality);
    }
    for (const m of byKey('milfmatch').filter((x) => x.gender === 'female')) {
      expect(m.years).toBeGreaterThanOrEqual(35);
      expect(m.years).toBeLessThanOrEqual(60);
    }
  });

  it('marks a share of profiles fictional and keeps e-mails unique per site', () => {
    const fictional = firstRun.filter((m) => m.fictional).length / COUNT;
    expect(fictional).toBeGreaterThan(0);
    expect(fictional).toBeLessThan(0.25);
    expect(new Set(firstRun.map((m) => `${m.site_id}:${m.email.toLowerCase()}`)).size).toBe(COUNT);
  });

  it('points mainPhotoId at an active photo of the same member, whose files exist', async () => {
    const { rows } = await database.pool.query<{ member_id: number; id: number; status: string; position: number; filename: string; thumb_filename: string }>(
      'select p.* from photos p join members m on m.main_photo_id = p.id',
    );
    const withPhoto = firstRun.filter((m) => m.main_photo_id !== null);
    expect(withPhoto.length / COUNT).toBeGreaterThan(0.75);
    expect(withPhoto.length).toBeLessThan(COUNT);
    const photoById = new Map(rows.map((p) => [p.id, p]));
    for (const m of withPhoto) {
      const photo = photoById.get(m.main_photo_id!);
      expect(photo).toMatchObject({ member_id: m.id, status: 'active', position: 0 });
    }
    const sample = rows[0]!;
    expect(sample.filename).toMatch(/^demo\/(female|male)-\d{3}\.webp$/);
    await expect(stat(path.join(mediaDir, sample.filename))).resolves.toBeTruthy();
    await expect(stat(path.join(mediaDir, sample.thumb_filename))).resolves.toBeTruthy();
  });

  it('gives each member distinct photos', async () => {
    const { rows } = await database.pool.query<{ n: number; files: number }>(
      'select count(*)::int as n, count(distinct filename)::int as files from photos group by member_id',
    );
    for (const r of rows) expect(r.files).toBe(r.n);
  });

  it('produces the same people for the same seed, appended with new ids and e-mails', async () => {
    const lastId = firstRun.at(-1)!.id;
    await seedDemoMembers(database.db, { sites: seedSites, count: COUNT, mediaDir, seed: SEED, portraitsPerGender: 6 });
    const secondRun = await membersAfter(lastId);
    const person = (m: MemberRecord) => [m.site_id, m.name, m.gender, m.birth_date, m.city, m.about].join('|');
    expect(secondRun.map(person)).toEqual(firstRun.map(person));
    expect(secondRun.every((m) => m.id > lastId)).toBe(true);
    expect(new Set([...firstRun, ...secondRun].map((m) => m.email)).size).toBe(COUNT * 2);
  });
});
