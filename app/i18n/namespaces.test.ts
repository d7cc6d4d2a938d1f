import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../common/reference/countries';
import { createTranslator } from './translator';
import { loadNamespaces, NAMESPACES } from './namespaces';

const SERVER_ONLY = ['mail', 'mail-feedback', 'notice-mails', 'push', 'sms'];

describe('namespace registry', () => {
  const names = (locale: string) =>
    readdirSync(path.join(import.meta.dirname, '../locales', locale))
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.slice(0, -5))
      .filter((n) => !SERVER_ONLY.includes(n));

  it('lists every namespace file (English has them all; pages-us is English only)', () => {
    expect(names('en').sort()).toEqual([...NAMESPACES].sort());
    for (const locale of LOCALES) expect(NAMESPACES, locale).toEqual(expect.arrayContaining(names(locale)));
  });

  it('loads a namespace in the translator language', async () => {
    const translator = createTranslator('de', { common: {} });
    await loadNamespaces('de', translator, ['likes', 'signup']);
    const { default: likes } = (await import('../locales/de/likes.json')) as { default: { title: string } };
    expect(translator.t('likes:title')).toBe(likes.title);
  });
});
