import { createContext, useContext, type ReactNode } from 'react';
import { FALLBACK_LOCALE } from '../../common/reference/countries';
import { createTranslator, type Translator } from './translator';

const TranslatorContext = createContext<Translator>(createTranslator(FALLBACK_LOCALE, {}));

export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/** `const { t } = useTranslation()`, as with react-i18next. */
export function useTranslation(): { t: Translator['t']; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  return { t: translator.t, i18n: translator };
}
