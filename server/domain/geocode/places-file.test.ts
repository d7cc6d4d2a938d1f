import { describe, expect, it } from 'vitest';
import { formatPlaces, parsePlaces } from './places-file';

describe('places file', () => {
  it('reads back what it writes, rounded to 4 decimals', () => {
    const text = formatPlaces(
      [
        { country: 'NZ', region: 'AUK', name: 'Auckland', lat: -36.848461, lon: 174.763336 },
        { country: 'NZ', region: null, name: 'Waitangi', lat: -43.95, lon: -176.56 },
        { country: 'CZ', region: null, name: '', lat: 50.08804, lon: 14.42076 },
        { country: 'NZ', region: 'AUK', name: 'Albany', lat: -36.7167, lon: 174.7 },
      ],
      ['a header'],
    );
    expect(text).toBe('# a header\n=CZ\n50.088\t14.4208\n=NZ\n-43.95\t-176.56\tWaitangi\n=NZ AUK\n-36.7167\t174.7\tAlbany\n-36.8485\t174.7633\tAuckland\n');
    const table = parsePlaces(text);
    expect([...table.lat]).toEqual([50.088, -43.95, -36.7167, -36.8485]);
    expect([...table.lon]).toEqual([14.4208, -176.56, 174.7, 174.7633]);
    expect(table.names).toEqual(['', 'Waitangi', 'Albany', 'Auckland']);
    expect([...table.group].map((g) => table.groups[g])).toEqual([
      { country: 'CZ', region: null },
      { country: 'NZ', region: null },
      { country: 'NZ', region: 'AUK' },
      { country: 'NZ', region: 'AUK' },
    ]);
  });

  it('refuses a damaged file', () => {
    expect(() => parsePlaces('1\t2\tTown\n')).toThrow(/before the first/);
    expect(() => parsePlaces('=NL NH\n52,1\t4.9\tTown\n')).toThrow(/not a number/);
    expect(() => parsePlaces('=NL NH\n52.1 4.9 Town\n')).toThrow(/bad line/);
    expect(() => parsePlaces('=NL NH\n-\t4.9\tTown\n')).toThrow(/number missing/);
  });
});
