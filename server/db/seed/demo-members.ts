import { getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { members, photos } from '../schema';
import { INTEREST_IDS } from '../../../common/reference/interests';
import type { BodyType, EyeColour, HairColour, RelationshipStatus, Tattoos } from '../../../common/reference/profile-options';
import { regionsFor } from '../../domain/reference/regions';
import { COUNTRY_WEIGHTS, DEMO_CITIES, FIRST_NAMES, type DemoCity, type DemoGender, type DemoLocale } from './demo-names';
import { ABOUT_FRAGMENTS } from './demo-texts';
import { isMaturePortrait } from './portrait-svg';
import { ensurePortraitPool, type PortraitFile, type PortraitPool } from './portraits';
import { readFileSync } from 'node:fs';
import { parsePlaces } from '../../domain/geocode/places-file';
import { PLACES_FILE } from '../../domain/geocode/places-path';
import { snapToCell } from '../../domain/search/cells';
import { mulberry32 } from '../../../common/seeded-random';

export interface SeedSite {
  id: number;
  countries: string[];
  niche: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  domainLanguage: string;
}

export interface SeedDemoMembersOptions {
  sites: SeedSite[];
  count: number;
  mediaDir: string;
  /** Same seed, same profiles (names, ages, texts...); ids and e-mails still follow the database. */
  seed?: number;
  /** Size of the shared portrait pool per gender; tests use a small one to stay fast. */
  portraitsPerGender?: number;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type MemberRow = typeof members.$inferInsert;
type PhotoRow = typeof photos.$inferInsert;

const DAY = 86_400_000;
// Rows per transaction: big enough to amortise the round trips, small enough that a
// failed run keeps most of what it wrote and memory stays flat at 100,000+ members.
const BATCH = 1000;

/** mulberry32 with helpers: a seeded stream, because Math.random cannot reproduce a data set. */
class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)]!;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let r = this.next() * entries.reduce((sum, [, w]) => sum + w, 0);
    for (const [value, w] of entries) if ((r -= w) < 0) return value;
    return entries.at(-1)![0];
  }
  /** `n` distinct elements, in random order. */
  sample<T>(list: readonly T[], n: number): T[] {
    const copy = [...list];
    for (let i = 0; i < Math.min(n, copy.length); i++) {
      const j = i + Math.floor(this.next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }
}

/** Splits `count` over the sites by reach (countries served), every site getting at least one member. */
function membersPerSite(sites: SeedSite[], count: number): number[] {
  const weights = sites.map((s) => s.countries.length + 2);
  const total = weights.reduce((a, b) => a + b, 0);
  const shares = weights.map((w) => Math.floor((count * w) / total));
  let rest = count - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % shares.length, rest--) shares[i]!++;
  for (let i = 0; i < shares.length && count >= sites.length; i++) {
    if (shares[i] !== 0) continue;
    const donor = shares.indexOf(Math.max(...shares));
    shares[donor]!--;
    shares[i] = 1;
  }
  return shares;
}

const LOCALE_OF_COUNTRY: Record<string, DemoLocale> = {
  NL: 'nl', BE: 'nl', LU: 'fr', DE: 'de', AT: 'de', CH: 'de', DK: 'da', SE: 'sv', NO: 'nb', FI: 'fi',
  FR: 'fr', IT: 'it', ES: 'es', PL: 'pl', GB: 'en', IE: 'en', US: 'en', CA: 'en', AU: 'en', NZ: 'en',
};
const FRENCH_CANTONS = new Set(['GE', 'VD', 'NE', 'JU']);

/** The language people in that region speak, which decides the member's name, text and locale. */
function localeFor(rnd: Random, country: string, region: string | null, fallback: DemoLocale): DemoLocale {
  if (country === 'BE') return region === 'BRU' ? (rnd.chance(0.75) ? 'fr' : 'nl') : region?.startsWith('W') ? 'fr' : 'nl';
  if (country === 'LU') return rnd.chance(0.55) ? 'fr' : 'de';
  if (country === 'CH') {
    if (region === 'TI') return 'it';
    if ((region && FRENCH_CANTONS.has(region)) || (region === 'FR' && rnd.chance(0.7)) || (region === 'VS' && rnd.chance(0.65))) return 'fr';
    return 'de';
  }
  if (country === 'FI') return region === '01' || rnd.chance(0.06) ? 'sv' : 'fi';
  if (country === 'CA' && (region === 'QC' || (region === 'NB' && rnd.chance(0.3)))) return 'fr';
  return LOCALE_OF_COUNTRY[country] ?? fallback;
}

const citiesCache = new Map<string, DemoCity[]>();
/** Towns of the country whose region code the region list knows, so a stale table never stores a bad code. */
function citiesOf(country: string): DemoCity[] {
  let list = citiesCache.get(country);
  if (!list) {
    const codes = new Set(regionsFor(country).map((r) => r.code));
    list = (DEMO_CITIES[country] ?? []).filter((c) => codes.has(c.region));
    citiesCache.set(country, list);
  }
  return list;
}

/** Demo towns under their local name whose GeoNames entry has another (English) one. */
const PLACE_ALIASES: Record<string, string> = {
  'NL Den Haag': 'The Hague', 'NL Almere': 'Almere Stad', 'BE Brussel': 'Brussels', 'LU Redange': 'Redange-sur-Attert',
  'DE München': 'Munich', 'AT Wien': 'Vienna', 'AT Klagenfurt': 'Klagenfurt am Wörthersee', 'AT St. Pölten': 'Sankt Pölten',
  'CH Biel': 'Biel/Bienne', 'CH St. Gallen': 'Sankt Gallen', 'DK København': 'Copenhagen', 'DK Aarhus': 'Århus',
  'IT Roma': 'Rome', 'IT Milano': 'Milan', 'IT Napoli': 'Naples', 'IT Torino': 'Turin', 'IT Genova': 'Genoa',
  'IT Firenze': 'Florence', 'IT Venezia': 'Venice', 'ES Donostia': 'Donostia / San Sebastián',
  'ES Las Palmas': 'Las Palmas de Gran Canaria', 'PL Warszawa': 'Warsaw', 'US New York': 'New York City', 'NZ Whangārei': 'Whangarei',
};

let placeCells: Map<string, { cellLat: number; cellLon: number }> | null = null;
/**
 * The grid cell (0.1-degree centre, never the town's point) of a demo town, from the reverse
 * geocoder's places: by country, region and name, else by country and name; null when unknown.
 */
function cellOf(country: string, region: string | null, city: string | null): { cellLat: number | null; cellLon: number | null } {
  if (!city) return { cellLat: null, cellLon: null };
  if (!placeCells) {
    placeCells = new Map();
    try {
      const table = parsePlaces(readFileSync(PLACES_FILE, 'utf8'));
      for (let i = table.names.length - 1; i >= 0; i--) {
        const name = table.names[i];
        if (!name) continue;
        const g = table.groups[table.group[i]!]!;
        const cell = snapToCell(table.lat[i]!, table.lon[i]!);
        placeCells.set(`${g.country}|${g.region ?? ''}|${name}`, cell);
        placeCells.set(`${g.country}||${name}`, cell);
      }
    } catch {
      // No places file: members simply get no cell (no distance bands).
    }
  }
  const name = PLACE_ALIASES[`${country} ${city}`] ?? city;
  return placeCells.get(`${country}|${region ?? ''}|${name}`) ?? placeCells.get(`${country}||${name}`) ?? { cellLat: null, cellLon: null };
}

function age(rnd: Random, niche: number, gender: DemoGender): number {
  if (niche === 6 && gender === 'female') return rnd.int(35, 60);
  const r = rnd.next();
  if (r < 0.06) return rnd.int(18, 21);
  if (r < 0.86) return rnd.int(22, 55);
  return 56 + Math.floor(rnd.next() ** 1.8 * 25);
}

/** A date of birth that makes the member exactly `years` old today (UTC). */
function birthDate(rnd: Random, now: Date, years: number): string {
  // On 29 February count from the 28th: Date.UTC would roll a non-leap year over to 1 March,
  // making an 18-year-old 17 for one day.
  const day = now.getUTCMonth() === 1 && now.getUTCDate() === 29 ? 28 : now.getUTCDate();
  const anniversary = Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), day);
  return new Date(anniversary - rnd.int(0, 364) * DAY).toISOString().slice(0, 10);
}

const EXPLICIT_INTERESTS = new Set(['anal-sex', 'bondage', 'masturbating', 'oral-sex', 'public-sex', 'sadomasochism', 'sex', 'sex-toys', 'threesome', 'exchanging-pictures', 'one-night-stand']);
// Demo profiles are the showroom: adult interests occur, but rarely, so listings look presentable.
const INTEREST_WEIGHTS = INTEREST_IDS.map((id) => [id, EXPLICIT_INTERESTS.has(id) ? 0.12 : 1] as const);

function interests(rnd: Random): string[] {
  const n = rnd.int(3, 8);
  const chosen = new Set<string>();
  while (chosen.size < n) chosen.add(rnd.weighted(INTEREST_WEIGHTS));
  return [...chosen];
}

const NORDIC = new Set(['DK', 'SE', 'NO', 'FI', 'NL']);
const SOUTHERN = new Set(['IT', 'ES', 'FR']);

function profileOptions(rnd: Random, gender: DemoGender, years: number, country: string) {
  const opt = <T>(entries: readonly (readonly [T, number])[]): T | null => (rnd.chance(0.06) ? null : rnd.weighted(entries));
  const blonde = NORDIC.has(country) ? 38 : SOUTHERN.has(country) ? 8 : 22;
  const older = years >= 55;
  const hair: [HairColour, number][] = [['black', 22], ['brown', 38], ['blonde', blonde], ['red', 5], ['other', 3],
    ['grey', older ? 35 : 1], ['white', older ? 10 : 0], ['bald', gender === 'male' ? (years > 45 ? 12 : 3) : 0]];
  const eyes: [EyeColour, number][] = [['brown', 34], ['blue', NORDIC.has(country) ? 40 : 24], ['green', 12], ['grey', 7], ['hazel', 15], ['other', 3]];
  const body: [BodyType, number][] = [['slim', 20], ['athletic', 20], ['average', 32], ['curvy', gender === 'female' ? 16 : 1], ['a-few-extra-pounds', 10], ['large', 3]];
  const relation: [RelationshipStatus, number][] = [['single', 62], ['divorced', years > 30 ? 14 : 1], ['widowed', older ? 6 : 0],
    ['its-complicated', 6], ['open-relationship', 6], ['in-a-relationship', 4], ['married', 4]];
  const tattoos: [Tattoos, number][] = years < 40 ? [['none', 45], ['one', 20], ['a-few', 25], ['many', 10]] : [['none', 65], ['one', 15], ['a-few', 15], ['many', 5]];
  return { hairColour: opt(hair), eyeColour: opt(eyes), bodyType: opt(body), relationshipStatus: opt(relation), tattoos: opt(tattoos) };
}

const GENDERED = /\{([^{}|]*)\|([^{}]*)\}/g;

function aboutText(rnd: Random, locale: DemoLocale, gender: DemoGender, city: string | null): string {
  const f = ABOUT_FRAGMENTS[locale];
  const withoutCity = (list: string[]) => list.filter((s) => !s.includes('%city%'));
  const intro = rnd.chance(0.8) ? [rnd.pick(city ? f.intro : withoutCity(f.intro))] : [];
  // Name the town at most once per text.
  const cityUsed = !city || intro.some((s) => s.includes('%city%'));
  const parts = [...intro, ...rnd.sample(f.me, rnd.int(1, 2)), rnd.pick(cityUsed ? withoutCity(f.seeking) : f.seeking)];
  if (rnd.chance(0.55)) parts.push(rnd.pick(f.closer));
  return parts
    .join(' ')
    .replace(GENDERED, (_, male: string, female: string) => (gender === 'male' ? male : female))
    .replaceAll('%city%', city ?? '');
}

function photoFiles(rnd: Random, pool: PortraitFile[], years: number): PortraitFile[] {
  if (rnd.chance(0.1)) return [];
  const n = rnd.weighted([[1, 35], [2, 30], [3, 20], [4, 15]] as const);
  // Older members mostly get the portraits drawn with grey hair, younger ones the others.
  const wantMature = years >= 50 ? rnd.chance(0.8) : false;
  const fitting = pool.filter((_, i) => isMaturePortrait(i) === wantMature);
  return rnd.sample(fitting.length >= n ? fitting : pool, n);
}

interface Draft {
  member: Omit<MemberRow, 'id' | 'email' | 'mainPhotoId'>;
  photos: PortraitFile[];
}

function draftMember(rnd: Random, site: SeedSite, pool: PortraitPool, now: Date): Draft {
  const gender: DemoGender = site.niche === 7 ? 'male' : rnd.chance(site.niche === 6 ? 0.62 : site.niche === 2 ? 0.6 : 0.52) ? 'female' : 'male';
  const sexuality =
    site.niche === 7 ? (rnd.chance(0.75) ? 'gay' : 'bi') : rnd.weighted([['hetero', 86], ['bi', 8], [gender === 'male' ? 'gay' : 'lesbian', 6]] as const);
  const years = age(rnd, site.niche, gender);
  const country = rnd.weighted(site.countries.map((c) => [c, COUNTRY_WEIGHTS[c] ?? 1] as const));
  const cities = citiesOf(country);
  const place = cities.length > 0 ? rnd.weighted(cities.map((c) => [c, c.weight] as const)) : null;
  const fallback = site.domainLanguage in FIRST_NAMES ? (site.domainLanguage as DemoLocale) : 'en';
  const locale = localeFor(rnd, country, place?.region ?? null, fallback);
  const createdAt = now.getTime() - rnd.next() * 730 * DAY;
  const ago = Math.min(rnd.next() ** 2 * 30 * DAY, (now.getTime() - createdAt) * rnd.next());
  return {
    member: {
      siteId: site.id,
      passwordHash: null,
      status: 'active',
      emailConfirmedAt: new Date(createdAt),
      language: locale,
      paidUser: rnd.chance(0.25),
      fictional: rnd.chance(0.08),
      invisible: rnd.chance(0.03),
      name: rnd.pick(FIRST_NAMES[locale][gender]),
      gender,
      sexuality,
      birthDate: birthDate(rnd, now, years),
      country,
      regionCode: place?.region ?? null,
      city: place?.city ?? null,
      ...cellOf(country, place?.region ?? null, place?.city ?? null),
      interests: interests(rnd),
      ...profileOptions(rnd, gender, years, country),
      about: aboutText(rnd, locale, gender, place?.city ?? null),
      profileStatus: 'active',
      createdAt: new Date(createdAt),
      lastActiveAt: new Date(now.getTime() - ago),
    },
    photos: photoFiles(rnd, pool[gender], years),
  };
}

/** Takes `n` ids from a serial's sequence, so members can name their main photo in the same INSERT. */
async function reserveIds(tx: Tx, table: 'members' | 'photos', n: number): Promise<number[]> {
  if (n === 0) return [];
  const result = await tx.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${n})`,
  );
  return result.rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Multi-row INSERT that sends the rows as one JSON parameter. Measured on embedded PGlite:
 * 2.3x faster than Drizzle's values() with 27,000 bind parameters per statement. Column
 * names come from the Drizzle table, so the SQL follows the schema.
 */
async function insertRows<T extends typeof members | typeof photos>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key in rows[0]!);
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(([key, col]) => [col.name, row[key as keyof typeof row]]))));
  const names = sql.join(columns.map(([, col]) => sql.identifier(col.name)), sql`, `);
  await tx.execute(sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`);
}

async function insertBatch(db: Db, drafts: Draft[]): Promise<void> {
  await db.transaction(async (tx) => {
    const memberIds = await reserveIds(tx, 'members', drafts.length);
    const photoIds = await reserveIds(tx, 'photos', drafts.reduce((n, d) => n + d.photos.length, 0));
    const memberRows: MemberRow[] = [];
    const photoRows: PhotoRow[] = [];
    let nextPhoto = 0;
    drafts.forEach((draft, i) => {
      const id = memberIds[i]!;
      const ids = draft.photos.map(() => photoIds[nextPhoto++]!);
      // The id keeps e-mails unique per site across repeated seed runs.
      memberRows.push({ ...draft.member, id, email: `demo+${id}@members.demo.example`, mainPhotoId: ids[0] ?? null });
      draft.photos.forEach((file, position) => {
        const createdAt = new Date(draft.member.createdAt!.getTime() + position * 60_000);
        photoRows.push({ id: ids[position]!, memberId: id, ...file, status: 'active', position, createdAt });
      });
    });
    await insertRows(tx, members, memberRows);
    await insertRows(tx, photos, photoRows);
  });
}

/** Adds `count` active demo members with photos from the shared portrait pool, spread over `sites`. */
export async function seedDemoMembers(db: Db, options: SeedDemoMembersOptions): Promise<{ members: number; ms: number }> {
  const started = performance.now();
  // A member needs a country, so a site that serves none cannot get any.
  const sites = options.sites.filter((s) => s.countries.length > 0).sort((a, b) => a.id - b.id);
  if (options.count <= 0 || sites.length === 0) return { members: 0, ms: 0 };
  const pool = await ensurePortraitPool(options.mediaDir, { perGender: options.portraitsPerGender });
  const rnd = new Random(options.seed ?? 20240315);
  const now = new Date();
  const shares = membersPerSite(sites, options.count);
  let drafts: Draft[] = [];
  for (const [i, site] of sites.entries()) {
    for (let n = 0; n < shares[i]!; n++) {
      drafts.push(draftMember(rnd, site, pool, now));
      if (drafts.length === BATCH) {
        await insertBatch(db, drafts);
        drafts = [];
      }
    }
  }
  if (drafts.length > 0) await insertBatch(db, drafts);
  return { members: options.count, ms: Math.round(performance.now() - started) };
}
