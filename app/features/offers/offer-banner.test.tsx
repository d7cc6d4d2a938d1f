import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCALES, type Locale } from '../../../common/reference/countries';
import { TranslatorProvider } from '../../i18n/react';
import { createTranslator } from '../../i18n/translator';
import { OfferBanner } from './offer-banner';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

/** The banner as a Finnish, Danish... page renders it, its texts from the locale's own files. */
function bannerText(locale: Locale): string {
  const offers = JSON.parse(readFileSync(new URL(`../../locales/${locale}/offers.json`, import.meta.url), 'utf8')) as Record<string, unknown>;
  const offer = { kind: 'time-bonus' as const, code: 'BONUS', percent: 25, deadline: NOW + (4 * 3600 - 1) * 1000 };
  return renderToStaticMarkup(
    <MemoryRouter>
      <TranslatorProvider translator={createTranslator(locale, { offers })}>
        <OfferBanner offer={offer} />
      </TranslatorProvider>
    </MemoryRouter>,
  );
}

describe('the offer banner countdown', () => {
  beforeEach(() => void vi.useFakeTimers({ now: NOW }));
  afterEach(() => void vi.useRealTimers());

  it('is hours:minutes:seconds with colons in every language, fi and da too (spec 2 and 4)', () => {
    for (const locale of LOCALES) expect(bannerText(locale), locale).toContain('data-testid="offer-countdown">03:59:59<');
  });
});
