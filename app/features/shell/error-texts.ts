import english from '../../locales/en/error-page.json';

export type ErrorTexts = typeof english;

/**
 * The error page's texts: the visitor's language comes with the root loader's data (only that
 * one locale reaches the browser); English is bundled so the page works when nothing else
 * does (the root loader failed, the data never arrived).
 */
export function errorTexts(bundle: Record<string, unknown> | undefined): ErrorTexts {
  const texts = { ...english };
  for (const key of Object.keys(texts) as (keyof ErrorTexts)[]) {
    const value = bundle?.[key];
    if (typeof value === 'string' && value !== '') texts[key] = value;
  }
  return texts;
}
