import { createContext, useContext, type ReactNode } from 'react';
import { FALLBACK_LOCALE } from '../../common/reference/countries';
import { createTranslator, type Translator } from './translator';
import { ensureBundle } from './i18n';
import type { Namespace } from './namespaces';

const TranslatorContext = createContext<Translator>(createTranslator(FALLBACK_LOCALE, {}));

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** `const { t } = useTranslation()`, as with react-i18next. */
export function useTranslation(): { t: Translator['t']; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  return { t: translator.t, i18n: translator };
}

/**
 * useTranslation() with what the route's loader delivered of some namespaces added first
 * (`useBundles({ chat: bundle })`): a page's texts are in place before it renders them.
 */
export function useBundles(bundles: Partial<Record<Namespace, Record<string, unknown> | undefined>>): { t: Translator['t']; i18n: Translator } {
  const result = useTranslation();
  for (const [ns, bundle] of Object.entries(bundles)) ensureBundle(result.i18n, ns as Namespace, bundle);
  return result;
}
