import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, LOCALES } from '../../common/reference/countries';
import allowedSameAsEnglish from './same-as-english.json';

/**
 * Every namespace of en exists in every locale with the same keys, the same
 * placeholders, and a translated text: a string equal to the English one fails unless
 * same-as-english.json lists it (a word that is truly the same in that language).
 */
const dir = import.meta.dirname;
const read = (locale: string, ns: string) => JSON.parse(readFileSync(path.join(dir, locale, `${ns}.json`), 'utf8')) as unknown;
// Namespaces that exist for English readers only (the US privacy notice).
const EN_ONLY = new Set(['pages-us']);
const namespaces = readdirSync(path.join(dir, FALLBACK_LOCALE))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5))
  .filter((ns) => !EN_ONLY.has(ns));

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) for (const [p, leaf] of leaves(v, prefix ? `${prefix}.${k}` : k)) out.set(p, leaf);
  } else out.set(prefix, value);
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const allowed = allowedSameAsEnglish as Record<string, string[]>;

describe.each(namespaces)('namespace %s', (ns) => {
  const en = leaves(read(FALLBACK_LOCALE, ns));
  it.each(LOCALES.filter((l) => l !== FALLBACK_LOCALE))('is complete and translated in %s', (locale) => {
    const other = leaves(read(locale, ns));
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    const untranslated: string[] = [];
    for (const [key, enValue] of en) {
      const value = other.get(key);
      expect(typeof value, `${locale}/${ns}:${key}`).toBe(typeof enValue);
      if (typeof value !== 'string' || typeof enValue !== 'string') continue;
      expect(placeholders(value), `${locale}/${ns}:${key} placeholders`).toEqual(placeholders(enValue));
      const bare = enValue.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/[\s\p{P}\p{S}\d]/gu, '');
      if (bare && value === enValue && !allowed[locale]?.includes(`${ns}:${key}`)) untranslated.push(`${ns}:${key}`);
    }
    expect(untranslated, `strings left in English in ${locale}`).toEqual([]);
  });
});
