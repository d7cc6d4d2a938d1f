import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage, resolveLocale } from './locale-resolution';

const base = { cookie: undefined, domainLanguage: 'multi', acceptLanguage: undefined, country: null };

describe('resolveLocale', () => {
  it('prefers a valid cookie over everything else', () => {
    expect(resolveLocale({ ...base, cookie: 'fi', domainLanguage: 'nl', acceptLanguage: 'de' })).toEqual({ locale: 'fi', store: false });
  });

  it('ignores an unsupported cookie value', () => {
    expect(resolveLocale({ ...base, cookie: 'xx', domainLanguage: 'nl-BE' })).toEqual({ locale: 'nl', store: true });
  });

  it('applies and stores the domain language when its first two letters are a locale', () => {
    expect(resolveLocale({ ...base, domainLanguage: 'de', acceptLanguage: 'fr' })).toEqual({ locale: 'de', store: true });
  });

  it('falls back to Accept-Language among the locales visible for the country', () => {
    expect(resolveLocale({ ...base, acceptLanguage: 'it-CH,fr;q=0.8', country: 'CH' }).locale).toBe('it');
    // Italian is not visible in Belgium: French is the best visible choice.
    expect(resolveLocale({ ...base, acceptLanguage: 'it,fr;q=0.5', country: 'BE' }).locale).toBe('fr');
  });

  it('maps Norwegian tags to nb', () => {
    expect(resolveLocale({ ...base, acceptLanguage: 'no-NO', country: 'NO' }).locale).toBe('nb');
  });

  it('falls back to en, or the country default when en is not visible there', () => {
    expect(resolveLocale({ ...base, acceptLanguage: 'ja' }).locale).toBe('en');
    expect(resolveLocale({ ...base, acceptLanguage: 'ja', country: 'FI' }).locale).toBe('fi');
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by weight and drops q=0 and wildcards', () => {
    expect(parseAcceptLanguage('da, en-gb;q=0.8, en;q=0.7, *;q=0.5, fr;q=0')).toEqual(['da', 'en-gb', 'en']);
  });
});
