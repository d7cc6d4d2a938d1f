import { readFileSync } from 'node:fs';
import path from 'node:path';

export const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'] as const;

const dir = path.resolve(import.meta.dirname, '../../app/locales');

/** A locale's translation file, as the product ships it. */
export function localeFile(locale: string, ns: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, locale, `${ns}.json`), 'utf8')) as Record<string, unknown>;
}

export function lookup(obj: Record<string, unknown>, key: string): string {
  const value = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], obj);
  if (typeof value !== 'string') throw new Error(`missing key ${key}`);
  return value;
}
