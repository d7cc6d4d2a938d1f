import { FALLBACK_LOCALE, type Locale } from '../../../common/reference/countries';

export interface ErrorTexts {
  title: string;
  error: string;
  notFound: string;
  backHome: string;
  errorPageFailed: string;
  home: string;
}

// The error page must work when nothing else does (the root loader failed, the
// translations did not arrive), so its few texts are bundled for every locale.
const modules = import.meta.glob<{ default: ErrorTexts }>('../../locales/*/error-page.json', { eager: true });

export function errorTexts(locale: Locale): ErrorTexts {
  const pick = (l: string) => modules[`../../locales/${l}/error-page.json`]?.default;
  const texts = pick(locale) ?? pick(FALLBACK_LOCALE);
  if (!texts) throw new Error('error-page texts missing');
  return texts;
}
