import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next, { type i18n, type TFunction } from 'i18next';
import { projectPath } from '../project-paths';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../../common/reference/countries';

export const LOCALES_DIR = projectPath('app/locales');

export type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** Reads every app/locales/<locale>/<namespace>.json once. */
export function loadResources(dir = LOCALES_DIR): Resources {
  const resources: Resources = {};
  for (const locale of readdirSync(dir)) {
    const localeDir = path.join(dir, locale);
    if (!LOCALES.includes(locale as Locale)) continue;
    resources[locale] = {};
    for (const file of readdirSync(localeDir)) {
      if (!file.endsWith('.json')) continue;
      resources[locale][file.slice(0, -5)] = JSON.parse(readFileSync(path.join(localeDir, file), 'utf8')) as Record<string, unknown>;
    }
  }
  return resources;
}

/** Server-side translations (API error messages, mails), same files as the browser's. */
export class ServerTranslations {
  private readonly instance: i18n;

  constructor(readonly resources: Resources = loadResources()) {
    this.instance = i18next.createInstance();
    void this.instance.init({
      resources,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      defaultNS: 'common',
      ns: Object.keys(resources[FALLBACK_LOCALE] ?? {}),
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  }

  t(locale: Locale): TFunction {
    return this.instance.getFixedT(locale);
  }

  /** One namespace of one locale, for sending to the browser. */
  bundle(locale: Locale, ns: string): Record<string, unknown> {
    return this.resources[locale]?.[ns] ?? this.resources[FALLBACK_LOCALE]?.[ns] ?? {};
  }
}
