/**
 * First-level regions of every served country, for the profile and search
 * region pickers. Based on the `country-region-data` package; where its data is
 * outdated or at the wrong administrative level for a served country, a
 * hand-written list below replaces or corrects it.
 */
import { allCountries } from 'country-region-data';
import {
  SERVED_COUNTRIES,
  SERVED_COUNTRY_CODES,
  isServedCountry,
  servedCountry,
  type RegionType,
  type ServedCountryCode,
} from '../../../common/reference/countries';

export interface Region {
  /** Short code, unique within its country (ISO 3166-2 subdivision part where one exists). Stored on profiles, so never change one. */
  code: string;
  /** Name in the country's own language. */
  name: string;
}

type RegionList = readonly Readonly<Region>[];

/** Lists that replace the package data entirely. */
const REPLACEMENTS: Partial<Record<ServedCountryCode, RegionList>> = {
  // Package has the 3 regions; we label Belgium's subdivisions 'province', so
  // list the 10 provinces plus Brussels, which belongs to none. ISO 3166-2:BE codes.
  BE: [
    { code: 'VAN', name: 'Antwerpen' },
    { code: 'VLI', name: 'Limburg' },
    { code: 'VOV', name: 'Oost-Vlaanderen' },
    { code: 'VBR', name: 'Vlaams-Brabant' },
    { code: 'VWV', name: 'West-Vlaanderen' },
    { code: 'WBR', name: 'Brabant wallon' },
    { code: 'WHT', name: 'Hainaut' },
    { code: 'WLG', name: 'Liège' },
    { code: 'WLX', name: 'Luxembourg' },
    { code: 'WNA', name: 'Namur' },
    { code: 'BRU', name: 'Brussel / Bruxelles' },
  ],
  // Package still has the 2020-2023 counties (Viken, Troms og Finnmark, ...) plus
  // Svalbard and Jan Mayen; these are the 15 counties in force since 1 Jan 2024.
  NO: [
    { code: '03', name: 'Oslo' },
    { code: '11', name: 'Rogaland' },
    { code: '15', name: 'Møre og Romsdal' },
    { code: '18', name: 'Nordland' },
    { code: '31', name: 'Østfold' },
    { code: '32', name: 'Akershus' },
    { code: '33', name: 'Buskerud' },
    { code: '34', name: 'Innlandet' },
    { code: '39', name: 'Vestfold' },
    { code: '40', name: 'Telemark' },
    { code: '42', name: 'Agder' },
    { code: '46', name: 'Vestland' },
    { code: '50', name: 'Trøndelag' },
    { code: '55', name: 'Troms' },
    { code: '56', name: 'Finnmark' },
  ],
  // Package mixes autonomous communities with provinces (55 entries, some
  // misspelt); these are the 17 autonomous communities plus the 2 autonomous cities.
  ES: [
    { code: 'AN', name: 'Andalucía' },
    { code: 'AR', name: 'Aragón' },
    { code: 'AS', name: 'Asturias' },
    { code: 'CN', name: 'Canarias' },
    { code: 'CB', name: 'Cantabria' },
    { code: 'CL', name: 'Castilla y León' },
    { code: 'CM', name: 'Castilla-La Mancha' },
    { code: 'CT', name: 'Cataluña' },
    { code: 'CE', name: 'Ceuta' },
    { code: 'EX', name: 'Extremadura' },
    { code: 'GA', name: 'Galicia' },
    { code: 'IB', name: 'Illes Balears' },
    { code: 'RI', name: 'La Rioja' },
    { code: 'MD', name: 'Madrid' },
    { code: 'ML', name: 'Melilla' },
    { code: 'MC', name: 'Murcia' },
    { code: 'NC', name: 'Navarra' },
    { code: 'PV', name: 'País Vasco' },
    { code: 'VC', name: 'Comunidad Valenciana' },
  ],
  // Package has 217 council areas, several abolished since (Cumbria,
  // Northamptonshire, ...). The 4 nations would be too coarse to search by, so
  // use the 12 ITL1 statistical regions: 9 English regions + Scotland, Wales, NI.
  GB: [
    { code: 'NE', name: 'North East' },
    { code: 'NW', name: 'North West' },
    { code: 'YH', name: 'Yorkshire and the Humber' },
    { code: 'EM', name: 'East Midlands' },
    { code: 'WM', name: 'West Midlands' },
    { code: 'EE', name: 'East of England' },
    { code: 'LDN', name: 'London' },
    { code: 'SE', name: 'South East' },
    { code: 'SW', name: 'South West' },
    { code: 'WLS', name: 'Wales' },
    { code: 'SCT', name: 'Scotland' },
    { code: 'NIR', name: 'Northern Ireland' },
  ],
};

/** Package entries that are not first-level regions people live in. */
const DROPPED: Partial<Record<ServedCountryCode, readonly string[]>> = {
  // Territories, freely associated states and military postal codes: 50 states + DC remain.
  US: ['AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI', 'AA', 'AE', 'AP'],
  // Overseas collectivities and uninhabited territories: 13 metropolitan + 5 overseas regions remain.
  FR: ['CP', 'NC', 'PF', 'PM', 'BL', 'MF', 'TF', 'WF'],
  // Chatham Islands are a territorial authority outside any region: 16 regions remain.
  NZ: ['CIT'],
};

/** Misspelt or outdated names in the package, keyed by (normalised) code. */
const RENAMED: Partial<Record<ServedCountryCode, Readonly<Record<string, string>>>> = {
  LU: { CL: 'Clervaux' },
  CH: { AI: 'Appenzell Innerrhoden', SG: 'St. Gallen' },
  FI: { '01': 'Ahvenanmaa' },
  NZ: { MWT: 'Manawatū-Whanganui' },
};

function fromPackage(country: ServedCountryCode): RegionList {
  const entry = allCountries.find(([, slug]) => slug === country);
  if (!entry) throw new Error(`country-region-data has no entry for ${country}`);
  const dropped = new Set(DROPPED[country] ?? []);
  const renamed = RENAMED[country] ?? {};
  return entry[2]
    .map(([name, slug]): Region => {
      // DK and FI codes come as 'DK-84'; drop the country prefix so every code has the same shape.
      const code = slug.startsWith(`${country}-`) ? slug.slice(country.length + 1) : slug;
      return { code, name: renamed[code] ?? name };
    })
    .filter((r) => !dropped.has(r.code));
}

let cache: ReadonlyMap<ServedCountryCode, RegionList> | undefined;

function buildAll(): ReadonlyMap<ServedCountryCode, RegionList> {
  const byCountry = new Map<ServedCountryCode, RegionList>();
  for (const country of SERVED_COUNTRY_CODES) {
    // Sort the way the country's default language sorts (Swedish Ö after Z, Polish Ł after L).
    const collator = new Intl.Collator(SERVED_COUNTRIES[country].locales[0]);
    const list = [...(REPLACEMENTS[country] ?? fromPackage(country))]
      .sort((a, b) => collator.compare(a.name, b.name))
      .map((r) => Object.freeze({ ...r }));
    byCountry.set(country, Object.freeze(list));
  }
  return byCountry;
}

/** Regions of a served country (ISO alpha-2, any case), sorted by name; empty for other countries. */
export function regionsFor(country: string): readonly Region[] {
  const code = country.toUpperCase();
  if (!isServedCountry(code)) return [];
  cache ??= buildAll();
  return cache.get(code) ?? [];
}

export function findRegion(country: string, code: string): Region | undefined {
  return regionsFor(country).find((r) => r.code === code);
}

/** What the country calls its regions; 'region' for countries we do not serve. */
export function regionTypeFor(country: string): RegionType {
  return servedCountry(country)?.regionType ?? 'region';
}
