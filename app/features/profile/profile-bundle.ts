import type { Locale } from '../../../common/reference/countries';
import type { Translator } from '../../i18n/translator';

type Json = Record<string, unknown>;
const profile = import.meta.glob<Json>('../../locales/*/profile.json', { import: 'default' });

/** The profile texts for the profile-photo alert, which shows on any page: fetched with its code, in the visitor's language only. */
export async function loadProfileBundle(locale: Locale, translator: Translator): Promise<void> {
  const file = profile[`../../locales/${locale}/profile.json`] ?? profile['../../locales/en/profile.json'];
  if (file) translator.addBundle('profile', await file());
}
