import { describe, expect, it } from 'vitest';
import { formatTitle } from './title-prefix';

describe('formatTitle', () => {
  it('prefixes the count in brackets and replaces an old prefix', () => {
    expect(formatTitle('Messages · Rendezvous', 3)).toBe('(3) Messages · Rendezvous');
    expect(formatTitle('(3) Messages · Rendezvous', 12)).toBe('(12) Messages · Rendezvous');
  });

  it('drops the prefix at zero', () => {
    expect(formatTitle('(5) Rendezvous', 0)).toBe('Rendezvous');
  });

  it('settles on a page without a title (the browser trims the trailing space)', () => {
    expect(formatTitle('', 4)).toBe('(4)');
    expect(formatTitle('(4)', 4)).toBe('(4)');
    expect(formatTitle('(4)', 0)).toBe('');
  });
});
