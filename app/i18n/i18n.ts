import type { Locale } from '../../common/reference/countries';
import type { Namespace } from './namespaces';
import { createTranslator, type Bundles, type Translator } from './translator';

export type { Bundles };

const instances = new Map<string, { common: unknown; translator: Translator }>();

/**
 * The translator of a locale, filled with the namespaces the server sent in loader data:
 * the browser downloads only its own language. Translators are kept per locale (the server
 * renders many requests with the same resources) and rebuilt when the common bundle changes.
 */
export function translatorFor(locale: Locale, bundles: Bundles): Translator {
  const hit = instances.get(locale);
  if (hit && hit.common === bundles.common) return hit.translator;
  const translator = createTranslator(locale, bundles);
  instances.set(locale, { common: bundles.common, translator });
  return translator;
}

/** Adds what a route's loader delivered of a namespace (pages, reference...) to the translator. */
export function ensureBundle(translator: Translator, ns: Namespace, bundle: Record<string, unknown> | undefined): void {
  if (bundle) translator.addBundle(ns, bundle);
}
