import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../../common/reference/countries';

export type Bundles = Record<string, Record<string, unknown>>;

const instances = new Map<string, { common: unknown; instance: i18n }>();

/**
 * The i18next instance of a locale, filled with the namespaces the server sent in loader
 * data: the browser downloads only its own language. Instances are kept per locale (the
 * server renders many requests with the same resources; an instance is read-only once
 * made) and rebuilt when the common bundle changes.
 */
export function i18nFor(locale: Locale, bundles: Bundles): i18n {
  const hit = instances.get(locale);
  if (hit && hit.common === bundles.common) return hit.instance;
  const instance = createI18n(locale, bundles);
  instances.set(locale, { common: bundles.common, instance });
  return instance;
}

function createI18n(locale: Locale, bundles: Bundles): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    resources: { [locale]: bundles },
    defaultNS: 'common',
    ns: Object.keys(bundles),
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Adds a namespace that a route's loader delivered (pages, reference...) if it is missing. */
export function ensureBundle(instance: i18n, ns: string, bundle: Record<string, unknown> | undefined): void {
  if (!bundle || instance.hasResourceBundle(instance.language, ns)) return;
  instance.addResourceBundle(instance.language, ns, bundle, true, false);
}
