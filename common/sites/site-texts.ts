import { z } from 'zod';
import { FALLBACK_LOCALE, isLocale, LOCALES, type Locale } from '../reference/countries';

/**
 * The site settings that visitors and members read (pages, meta tags, mails): stored per
 * locale (docs/decisions/0014-site-texts-per-locale.md), resolved to one string per request.
 */
export const LOCALIZED_SITE_SETTINGS = ['index_title', 'description', 'fictional_warning', 'fictional_singular', 'fictional_plural', 'mail_name'] as const;
export type LocalizedSiteSetting = (typeof LOCALIZED_SITE_SETTINGS)[number];

/** A text in some of the 11 locales (locale -> text); at least one. */
export type LocalizedText = Partial<Record<Locale, string>>;

export function localizedTextSchema(text: z.ZodString) {
  return z.partialRecord(z.enum(LOCALES), text).refine((map) => Object.keys(map).length > 0, { message: 'At least one locale' });
}

/** The locale of a site's domain_language ("de-AT" -> de), or null for "multi" and unknown tags. */
export function siteLocale(domainLanguage: string): Locale | null {
  const base = domainLanguage.slice(0, 2).toLowerCase();
  return isLocale(base) ? base : null;
}

/** The text for this locale, else in the site's own language, else in English, else any there is. */
export function resolveSiteText(text: LocalizedText, locale: Locale, domainLanguage: string): string {
  const own = siteLocale(domainLanguage);
  return text[locale] ?? (own ? text[own] : undefined) ?? text[FALLBACK_LOCALE] ?? Object.values(text).find((v) => v !== undefined) ?? '';
}

/** Settings with every localized text resolved for `locale`. */
export function localizeSiteSettings<S extends { domain_language: string } & Record<LocalizedSiteSetting, LocalizedText>>(
  settings: S,
  locale: Locale,
): Omit<S, LocalizedSiteSetting> & Record<LocalizedSiteSetting, string> {
  const texts = Object.fromEntries(LOCALIZED_SITE_SETTINGS.map((key) => [key, resolveSiteText(settings[key], locale, settings.domain_language)])) as Record<LocalizedSiteSetting, string>;
  return { ...settings, ...texts };
}
