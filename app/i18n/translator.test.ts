import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/reference/countries';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createTranslator } from './translator';

const localesDir = path.join(import.meta.dirname, '../locales');
const resources: Record<string, Record<string, Record<string, unknown>>> = Object.fromEntries(
  LOCALES.map((l) => [
    l,
    Object.fromEntries(
      readdirSync(path.join(localesDir, l))
        .filter((f) => f.endsWith('.json'))
        .map((f) => [f.slice(0, -5), JSON.parse(readFileSync(path.join(localesDir, l, f), 'utf8')) as Record<string, unknown>]),
    ),
  ]),
);

function leafKeys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [prefix];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leafKeys(v, prefix ? `${prefix}.${k}` : k));
  return [prefix];
}

const vars = new Proxy({} as Record<string, string>, { get: (_t, name) => (typeof name === 'string' ? `<${name}>` : undefined), has: () => true });
const VARS = Object.fromEntries(
  ['siteName', 'domain', 'companyName', 'companyAddress', 'companyCountry', 'kvk', 'vatNumbers', 'tradenames', 'supportEmail', 'supportPhone', 'refundDays', 'termsDate', 'minAge', 'fictionalPlural', 'name', 'year', 'company', 'address'].map((k) => [k, vars[k]]),
);

describe('browser translator', () => {
  it.each(LOCALES)('gives the same text as i18next for every key in %s', async (locale) => {
    const reference = i18next.createInstance();
    await reference.init({ lng: locale, fallbackLng: false, resources: { [locale]: resources[locale]! }, defaultNS: 'common', interpolation: { escapeValue: false } });
    const ours = createTranslator(locale, resources[locale]!);
    for (const [ns, bundle] of Object.entries(resources[locale]!)) {
      for (const key of leafKeys(bundle)) {
        const full = `${ns}:${key}`;
        const isArray = Array.isArray(key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], bundle));
        const options = { ...VARS, ...(isArray ? { returnObjects: true } : {}) };
        expect(ours.t(full, options), full).toEqual(reference.t(full, options));
      }
    }
  });

  it('picks plural forms like i18next and falls back to the key', async () => {
    const bundle = { common: { likes_one: '{{count}} like', likes_other: '{{count}} likes', likes_zero: 'No likes' } };
    const reference = i18next.createInstance();
    await reference.init({ lng: 'en', resources: { en: bundle }, defaultNS: 'common' });
    const ours = createTranslator('en', bundle);
    for (const count of [0, 1, 2, 21]) expect(ours.t('likes', { count })).toBe(reference.t('likes', { count }));
    expect(ours.t('missing.key')).toBe(reference.t('missing.key'));
    expect(ours.t('pages:missing')).toBe(reference.t('pages:missing'));
  });

  it('picks Polish plural categories', () => {
    const t = createTranslator('pl', { common: { n_one: 'jedno', n_few: 'kilka', n_many: 'wiele', n_other: 'inne' } }).t;
    expect([1, 3, 5, 22, 1.5].map((count) => t('n', { count }))).toEqual(['jedno', 'kilka', 'wiele', 'kilka', 'inne']);
  });
});

describe('namespaces delivered in parts', () => {
  it('merges the parts of a namespace instead of keeping only the first', () => {
    const t = createTranslator('en', { common: {} });
    t.addBundle('pages', { terms: { title: 'Terms' } });
    t.addBundle('pages', { faq: { title: 'FAQ' } });
    expect(t.t('pages:terms.title')).toBe('Terms');
    expect(t.t('pages:faq.title')).toBe('FAQ');
  });
});
