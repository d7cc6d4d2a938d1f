import type { Locale } from '../../common/reference/countries';
import type { Translator } from './translator';

/**
 * Every translation namespace the browser shows: one JSON file per namespace and locale in
 * app/locales/<locale>/ (the server's `mail`, `mail-feedback`, `notice-mails`, `push` and `sms` namespaces never leave the server). A loader
 * sends a namespace as `context.translations(name)`; the component adds it with
 * `ensureBundle`, or code that opens on any page fetches it with `loadNamespaces`.
 */
export const NAMESPACES = [
  'common',
  'account',
  'chat',
  'complaints',
  'direct-debit',
  'error-page',
  'likes',
  'offers',
  'pages',
  'pages-us',
  'payments',
  'photos',
  'profile',
  'profile-view',
  'reference',
  'search',
  'settings',
  'signup',
  'unsubscribe',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

/** The namespaces that parts opening on any page (overlays, alerts, the signup modal) fetch with their code. */
export type LoadableNamespace = Extract<Namespace, 'likes' | 'offers' | 'profile' | 'reference' | 'signup'>;

type Json = Record<string, unknown>;
// One lazy chunk per file: a visitor downloads only their own language.
const files = import.meta.glob<Json>('../locales/*/{likes,offers,profile,reference,signup}.json', { import: 'default' });

/** Fetches namespaces in the translator's language (English when a locale lacks the file) and adds them. */
export async function loadNamespaces(locale: Locale, translator: Translator, namespaces: readonly LoadableNamespace[]): Promise<void> {
  await Promise.all(
    namespaces.map(async (ns) => {
      const file = files[`../locales/${locale}/${ns}.json`] ?? files[`../locales/en/${ns}.json`];
      if (file) translator.addBundle(ns, await file());
    }),
  );
}
