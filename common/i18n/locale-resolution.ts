import { FALLBACK_LOCALE, isLocale, localesForCountry, type Locale } from '../reference/countries';

/** Spec section 9: the locale cookie and how long it lives. */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export interface LocaleInput {
  /** Value of the i18n_redirected cookie, if any. */
  cookie: string | undefined;
  /** The site's domain_language setting ("nl", "de-AT", "multi"...). */
  domainLanguage: string;
  /** The Accept-Language header. */
  acceptLanguage: string | undefined;
  /** The visitor's effective country (selected or detected), if known. */
  country: string | null;
}

export interface LocaleDecision {
  locale: Locale;
  /** True when the decision must be stored in the cookie (the domain-language rule). */
  store: boolean;
}

/**
 * The locale of a request: the cookie when set; else the site's domain language when its
 * first two letters name a supported locale (and then it is stored, spec section 7); else
 * the browser's preference among the locales visible for the visitor's country; else en.
 */
export function resolveLocale(input: LocaleInput): LocaleDecision {
  if (isLocale(input.cookie)) return { locale: input.cookie, store: false };
  const domain = input.domainLanguage.slice(0, 2).toLowerCase();
  if (isLocale(domain)) return { locale: domain, store: true };
  const visible = localesForCountry(input.country);
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const base = tag.slice(0, 2);
    // Norwegian: browsers send "no" or "nn" as often as "nb".
    const candidate = base === 'no' || base === 'nn' ? 'nb' : base;
    if (isLocale(candidate) && visible.includes(candidate)) return { locale: candidate, store: false };
  }
  return { locale: visible.includes(FALLBACK_LOCALE) ? FALLBACK_LOCALE : (visible[0] ?? FALLBACK_LOCALE), store: false };
}

/** Language tags of an Accept-Language header, most preferred first (q=0 dropped). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((e) => e.tag && e.tag !== '*' && e.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((e) => e.tag);
}
