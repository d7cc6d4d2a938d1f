/**
 * The text format of places.tsv, written by build-places.ts and read at the first
 * geocode: `#` comment lines; a `=CC REGION` line (region optional) starts the places
 * of one country and region; each place is `lat<TAB>lon<TAB>name`. Places of countries
 * we do not serve carry no name: they only stop a point near them from being answered
 * with a served country's town across the border.
 */
export interface PlaceGroup {
  country: string;
  region: string | null;
}

export interface SourcePlace extends PlaceGroup {
  lat: number;
  lon: number;
  /** Empty for places of countries we do not serve. */
  name: string;
}

export interface PlaceTable {
  lat: Float64Array;
  lon: Float64Array;
  /** Index into `groups` per place. */
  group: Uint16Array;
  groups: PlaceGroup[];
  names: string[];
}

/** 4 decimals of a degree: at most 11 m off, well inside any town. */
const coord = (x: number) => String(Math.round(x * 1e4) / 1e4);

export function formatPlaces(places: readonly SourcePlace[], header: readonly string[]): string {
  const byGroup = new Map<string, SourcePlace[]>();
  for (const p of places) {
    const key = p.region === null ? p.country : `${p.country} ${p.region}`;
    let list = byGroup.get(key);
    if (!list) byGroup.set(key, (list = []));
    list.push(p);
  }
  const lines = header.map((h) => `# ${h}`);
  for (const key of [...byGroup.keys()].sort()) {
    lines.push(`=${key}`);
    const list = byGroup.get(key)!.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.lat - b.lat || a.lon - b.lon));
    for (const p of list) lines.push(p.name ? `${coord(p.lat)}\t${coord(p.lon)}\t${p.name}` : `${coord(p.lat)}\t${coord(p.lon)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A decimal as the writer makes it ("-12.3456"), without the cost of Number() on a slice. */
function decimal(text: string, from: number, to: number): number {
  let i = from;
  const negative = text.charCodeAt(i) === 45; // '-'
  if (negative) i += 1;
  let value = 0;
  let scale = 0;
  for (; i < to; i += 1) {
    const ch = text.charCodeAt(i);
    if (ch === 46) scale = 1; // '.'
    else if (ch >= 48 && ch <= 57) {
      value = value * 10 + (ch - 48);
      if (scale) scale *= 10;
    } else throw new Error(`places file: not a number at ${from}: ${text.slice(from, to)}`);
  }
  if (to <= from || (negative && to === from + 1)) throw new Error(`places file: number missing at ${from}`);
  return (negative ? -value : value) / (scale || 1);
}

export function parsePlaces(text: string): PlaceTable {
  // split() is much faster here than indexOf() from a position through the whole text.
  const lines = text.split('\n');
  const lat = new Float64Array(lines.length);
  const lon = new Float64Array(lines.length);
  const group = new Uint16Array(lines.length);
  const groups: PlaceGroup[] = [];
  const names: string[] = [];
  let n = 0;
  for (const line of lines) {
    const first = line.charCodeAt(0);
    if (line === '' || first === 35) continue; // '#'
    if (first === 61) {
      // '=CC REGION'
      const [country, region] = line.slice(1).split(' ');
      groups.push({ country: country!, region: region ?? null });
      continue;
    }
    // 'lat<TAB>lon[<TAB>name]'
    if (groups.length === 0) throw new Error('places file: a place before the first =COUNTRY line');
    const tab1 = line.indexOf('\t');
    if (tab1 < 0) throw new Error(`places file: bad line ${line}`);
    let tab2 = line.indexOf('\t', tab1 + 1);
    if (tab2 < 0) tab2 = line.length;
    lat[n] = decimal(line, 0, tab1);
    lon[n] = decimal(line, tab1 + 1, tab2);
    group[n] = groups.length - 1;
    names.push(tab2 < line.length ? line.slice(tab2 + 1) : '');
    n += 1;
  }
  return { lat: lat.slice(0, n), lon: lon.slice(0, n), group: group.slice(0, n), groups, names };
}
