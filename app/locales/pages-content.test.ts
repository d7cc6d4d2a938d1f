import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';

// The static pages (terms, privacy, ...) are legal text: a locale that silently
// drifts from the English source (a missing section, a lost {{placeholder}}, an
// untranslated paragraph) would publish wrong or incomplete terms in that
// language. These checks keep every locale structurally identical to en.

const SOURCE_LOCALE = 'en';
const TRANSLATED_LOCALES = ['da', 'de', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;
const PAGE_KEYS = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const;
const ALLOWED_PLACEHOLDERS = new Set([
  'siteName',
  'domain',
  'companyName',
  'companyAddress',
  'companyCountry',
  'kvk',
  'vatNumbers',
  'tradenames',
  'supportEmail',
  'supportPhone',
  'refundDays',
  'termsDate',
  'minAge',
  'fictionalPlural',
]);

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

function readLocaleFile(locale: string, file: string): Json {
  const path = join(import.meta.dirname, locale, file);
  return JSON.parse(readFileSync(path, 'utf8')) as Json;
}

function placeholdersOf(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([^}]*?)\s*\}\}/g)].map((m) => m[1] ?? '');
  return [...new Set(names)].sort();
}

/** True when the string has no words of its own (only placeholders, digits, punctuation). */
function isPlaceholderOnly(text: string): boolean {
  return !/\p{L}/u.test(text.replace(/\{\{[^}]*\}\}/g, ''));
}

function kind(value: Json): string {
  if (Array.isArray(value)) return 'array';
  if (value === null) return 'null';
  return typeof value;
}

/** Walks source and target in parallel and returns a human-readable list of problems. */
function compareWithSource(source: Json, target: Json, path = ''): string[] {
  const at = path || '(root)';
  if (kind(source) !== kind(target)) return [`${at}: expected ${kind(source)}, found ${kind(target)}`];

  if (typeof source === 'string' && typeof target === 'string') {
    const problems: string[] = [];
    const expected = placeholdersOf(source).join(', ');
    const found = placeholdersOf(target).join(', ');
    if (expected !== found) problems.push(`${at}: placeholders [${found}] differ from en [${expected}]`);
    if (target.trim() === '') problems.push(`${at}: empty string`);
    if (target === source && !isPlaceholderOnly(source)) problems.push(`${at}: identical to en (untranslated)`);
    return problems;
  }

  if (Array.isArray(source) && Array.isArray(target)) {
    if (source.length !== target.length) return [`${at}: array length ${target.length}, en has ${source.length}`];
    return source.flatMap((item, i) => compareWithSource(item, target[i] as Json, `${path}[${i}]`));
  }

  if (source && target && typeof source === 'object' && typeof target === 'object') {
    const sourceRecord = source as Record<string, Json>;
    const targetRecord = target as Record<string, Json>;
    const missing = Object.keys(sourceRecord).filter((k) => !(k in targetRecord));
    const extra = Object.keys(targetRecord).filter((k) => !(k in sourceRecord));
    const problems = [
      ...missing.map((k) => `${path ? `${path}.` : ''}${k}: missing`),
      ...extra.map((k) => `${path ? `${path}.` : ''}${k}: not in en`),
    ];
    for (const key of Object.keys(sourceRecord)) {
      if (key in targetRecord) {
        problems.push(
          ...compareWithSource(sourceRecord[key] as Json, targetRecord[key] as Json, path ? `${path}.${key}` : key),
        );
      }
    }
    return problems;
  }

  return target === source ? [] : [`${at}: expected ${String(source)}, found ${String(target)}`];
}

/** Checks one page object: { title, intro, sections: [{ heading, paragraphs: string[] }] }. */
function pageShapeProblems(page: Json, name: string): string[] {
  if (!page || typeof page !== 'object' || Array.isArray(page)) return [`${name}: not an object`];
  const record = page as Record<string, Json>;
  const problems: string[] = [];
  for (const key of ['title', 'intro']) {
    if (typeof record[key] !== 'string' || record[key] === '') problems.push(`${name}.${key}: missing`);
  }
  const sections = record.sections;
  if (!Array.isArray(sections) || sections.length === 0) return [...problems, `${name}.sections: missing or empty`];
  sections.forEach((section, i) => {
    const s = section as Record<string, Json> | null;
    if (!s || typeof s.heading !== 'string' || s.heading === '') problems.push(`${name}.sections[${i}].heading: missing`);
    const paragraphs = s?.paragraphs;
    if (!Array.isArray(paragraphs) || paragraphs.length === 0) {
      problems.push(`${name}.sections[${i}].paragraphs: missing or empty`);
    } else if (paragraphs.some((p) => typeof p !== 'string' || p.trim() === '')) {
      problems.push(`${name}.sections[${i}].paragraphs: non-string or empty paragraph`);
    }
  });
  return problems;
}

/** Every string in the tree: only known placeholders, and plain text (no HTML or markdown links). */
function contentProblems(value: Json, path = ''): string[] {
  if (typeof value === 'string') {
    const problems: string[] = [];
    const unknown = placeholdersOf(value).filter((p) => !ALLOWED_PLACEHOLDERS.has(p));
    if (unknown.length > 0) problems.push(`${path}: unknown placeholders ${unknown.join(', ')}`);
    // Once the well-formed {{name}} placeholders are removed, no brace may remain.
    if (/[{}]/.test(value.replace(/\{\{\s*\w+\s*\}\}/g, ''))) problems.push(`${path}: malformed placeholder`);
    if (/<\/?[a-z][^>]*>/i.test(value)) problems.push(`${path}: contains HTML`);
    if (/\]\(|\*\*|__/.test(value)) problems.push(`${path}: contains markdown`);
    return problems;
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => contentProblems(v, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => contentProblems(v, path ? `${path}.${k}` : k));
  }
  return [];
}

const source = readLocaleFile(SOURCE_LOCALE, 'pages.json');

describe('pages.json (en source)', () => {
  it('has the expected top-level keys and page shape', () => {
    const record = source as Record<string, Json>;
    expect(Object.keys(record).sort()).toEqual(['contactBlockTitle', 'versionOf', ...PAGE_KEYS].sort());
    expect(record.versionOf).toContain('{{termsDate}}');
    expect(PAGE_KEYS.flatMap((key) => pageShapeProblems(record[key] as Json, key))).toEqual([]);
  });

  it('uses only known placeholders and plain text', () => {
    expect(contentProblems(source)).toEqual([]);
  });
});

describe('pages-us.json (en-US privacy)', () => {
  it('holds exactly a privacy page with the usual shape', () => {
    const us = readLocaleFile(SOURCE_LOCALE, 'pages-us.json') as Record<string, Json>;
    expect(Object.keys(us)).toEqual(['privacy']);
    expect(pageShapeProblems(us.privacy as Json, 'privacy')).toEqual([]);
  });

  it('uses only known placeholders and plain text', () => {
    expect(contentProblems(readLocaleFile(SOURCE_LOCALE, 'pages-us.json'))).toEqual([]);
  });
});

describe.each(TRANSLATED_LOCALES)('pages.json (%s)', (locale) => {
  // Read inside each test so one missing or broken file fails its own locale only.
  it('matches the en structure, placeholders, and is translated', () => {
    expect(compareWithSource(source, readLocaleFile(locale, 'pages.json'))).toEqual([]);
  });

  it('uses only known placeholders and plain text', () => {
    expect(contentProblems(readLocaleFile(locale, 'pages.json'))).toEqual([]);
  });
});
