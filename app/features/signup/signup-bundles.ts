import type { Locale } from '../../../common/reference/countries';
import type { Translator } from '../../i18n/translator';

type Json = Record<string, unknown>;
const signup = import.meta.glob<Json>('../../locales/*/signup.json', { import: 'default' });
const reference = import.meta.glob<Json>('../../locales/*/reference.json', { import: 'default' });

/**
 * The signup texts for the parts that open anywhere (the signup modal, the activation
 * reminder): fetched with their code, only in the visitor's language.
 */
export async function loadSignupBundles(locale: Locale, translator: Translator, withReference: boolean): Promise<void> {
  const load = async (files: Record<string, () => Promise<Json>>, ns: string) => {
    const file = files[`../../locales/${locale}/${ns}.json`] ?? files[`../../locales/en/${ns}.json`];
    if (file) translator.addBundle(ns, await file());
  };
  await Promise.all([load(signup, 'signup'), withReference ? load(reference, 'reference') : Promise.resolve()]);
}
