import type { Locale } from '../../../common/reference/countries';
import type { Translator } from '../../i18n/translator';

/** The translation namespace of this feature; pages send `context.translations(LIKES_NS)` as `bundle`. */
export const LIKES_NS = 'likes';

type Json = Record<string, unknown>;
const files = import.meta.glob<Json>('../../locales/*/likes.json', { import: 'default' });

/** The likes texts for the parts that open on any page (overlay, like modal): fetched with their code, in the member's language only. */
export async function loadLikesBundle(locale: Locale, translator: Translator): Promise<void> {
  const file = files[`../../locales/${locale}/likes.json`] ?? files[`../../locales/en/likes.json`];
  if (file) translator.addBundle(LIKES_NS, await file());
}
