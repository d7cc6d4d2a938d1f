import { describe, expect, it } from 'vitest';
import { iconSvg, monogram } from './app-icons';
import { shortName } from './web-app-manifest';

describe('monogram', () => {
  it.each([
    ['Rendezvous', 'R'],
    ['MILF Match', 'MM'],
    ['flirt-date', 'FD'],
    ['Ölands Träff & Co', 'ÖT'],
    ['  ', '?'],
  ])('%s -> %s', (name, letters) => {
    expect(monogram(name)).toBe(letters);
  });

  it('draws letters only, never markup from the site name', () => {
    expect(monogram('<svg onload=x>')).toBe('SO');
    expect(iconSvg('<svg onload=x>', 192, 'any')).not.toContain('onload');
  });
});

describe('shortName', () => {
  it('keeps a name that fits under an icon and shortens one that does not', () => {
    expect(shortName('Rendezvous')).toBe('Rendezvous');
    expect(shortName('Singles Near You Tonight')).toBe('Singles');
    expect(shortName('Extraordinarilylongname')).toBe('Extraordinar');
  });
});
