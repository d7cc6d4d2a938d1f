import type { Page } from '@playwright/test';
import { formatMoney } from '../../common/payments/money';
import { discounted } from '../../common/offers/discount-rules';
import type { CreditsPage } from '../../common/payments/payment-schemas';
import { browseFrom, expect, signUpConfirmed, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

/**
 * Issue 26, discount codes as members meet them: by link (/credits?code=), typed on the
 * credits page, or from the delete-account offer; the bundles and the Pay screen show the
 * discounted price, the test provider charges it and the transaction records it; 'Code not
 * found' and 'Code already used' in two languages. Purchases are made by new members of
 * their own. DEMO20 is the demo data's open code (20 %, unlimited); the demo company's
 * delete_discount is 50 %.
 */
test.setTimeout(90_000);

const PHONE = { width: 320, height: 760 };
const DESKTOP = { width: 1280, height: 900 };
/** The webhook arrives asynchronously (as a real provider's): the result page polls for it. */
const SETTLE = { timeout: 20_000 };

const texts = (locale: string, ns: string) => {
  const file = localeFile(locale, ns);
  return (key: string, vars: Record<string, string | number> = {}) => lookup(file, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));
};
const percent = (bp: number, locale: string) => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);


/** The member's price list in `country` (none: the default payment country, as the page without one). */
async function priceList(page: Page, country?: string): Promise<CreditsPage> {
  const res = await page.request.get(`/api/credits.php${country ? `?country=${country}` : ''}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as CreditsPage;
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(scroll, page.url()).toBeLessThanOrEqual(inner);
}

/** Every bundle card shows its price struck through and the price `bp` off beside it. */
async function expectDiscountedBundles(page: Page, list: CreditsPage, bp: number, locale: string): Promise<void> {
  const cards = page.getByTestId('bundle');
  await expect(cards).toHaveCount(list.bundles.length);
  for (const [i, bundle] of list.bundles.entries()) {
    await expect(cards.nth(i).getByTestId('price-original')).toContainText(formatMoney(bundle.amount, bundle.currency, locale));
    await expect(cards.nth(i).getByTestId('price-now')).toContainText(formatMoney(discounted(bundle.amount, bp), bundle.currency, locale));
  }
}

/**
 * From the credits page: the first bundle, by credit card, Pay, the test checkout charges
 * `bp` off (`failFirst`: a failed payment first, whose retry asks for the code again),
 * completed; then the transaction records the discount.
 */
async function buyFirstBundle(page: Page, list: CreditsPage, code: string, bp: number, locale: string, failFirst = false): Promise<void> {
  const t = texts(locale, 'payments');
  const bundle = list.bundles[0]!;
  const charged = formatMoney(discounted(bundle.amount, bp), bundle.currency, locale);
  await page.getByTestId('bundle').first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/credits/${bundle.id}\\?.*code=${code}`));
  await expect(page.getByTestId('pay-discount').getByTestId('price-now')).toContainText(charged);
  await expect(page.getByTestId('pay-discount').getByTestId('price-original')).toContainText(formatMoney(bundle.amount, bundle.currency, locale));
  await page.getByTestId('method-creditcard').click();
  await expect(page.getByTestId('pay')).toHaveText(t('pay.submit', { price: charged }));
  await noHorizontalScroll(page);
  await page.getByTestId('pay').click();
  await expect(page).toHaveURL(/\/test-checkout\/tp_/);
  await expect(page.getByTestId('checkout-amount')).toHaveText(charged);
  if (failFirst) {
    await page.getByTestId('checkout-failed').click();
    await expect(page.getByTestId('result-failed')).toBeVisible(SETTLE);
    // Choosing another method keeps the code too.
    await expect(page.getByTestId('other-method')).toHaveAttribute('href', new RegExp(`/credits/${bundle.id}\\?code=${code}$`));
    await page.getByTestId('retry').click();
    await expect(page).toHaveURL(/\/test-checkout\/tp_/);
    await expect(page.getByTestId('checkout-amount')).toHaveText(charged);
  }
  await page.getByTestId('checkout-paid').click();
  await expect(page.getByTestId('result-completed')).toBeVisible(SETTLE);
  const original = formatMoney(bundle.amount, bundle.currency, locale);
  await expect(page.getByTestId('result-discount')).toHaveText(t('result.discount', { code, percent: percent(bp, locale), original }));
  await page.getByTestId('to-transaction').click();
  await expect(page.getByTestId('tx-amount')).toHaveText(charged);
  await expect(page.getByTestId('tx-original-amount')).toHaveText(formatMoney(bundle.amount, bundle.currency, locale));
  await expect(page.getByTestId('tx-discount')).toHaveText(t('transactions.discountValue', { code, percent: percent(bp, locale) }));
  await noHorizontalScroll(page);
}

for (const [label, viewport] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
  test.describe(() => {
    test.use({ uiLocale: 'en', viewport });
    test(`a /credits?code=DEMO20 link prices every bundle 20% lower and the test provider charges that (${label})`, async ({ page }) => {
      const t = texts('en', 'payments');
      await signUpConfirmed(page, 'codelink');
      const list = await priceList(page, 'NL');
      await page.goto('/credits?code=DEMO20&payment_country=NL');
      await expect(page.getByTestId('discount-applied')).toContainText(t('discount.applied', { code: 'DEMO20', percent: percent(2000, 'en') }));
      await expectDiscountedBundles(page, list, 2000, 'en');
      await expect(page.getByTestId('discount-refusal')).toHaveCount(0);
      await noHorizontalScroll(page);
      await buyFirstBundle(page, list, 'DEMO20', 2000, 'en', true);
      // The list shows what was charged, with the price before the discount struck through (the failed payment and the paid one).
      await page.goto('/transactions');
      const original = formatMoney(list.bundles[0]!.amount, list.currency, 'en');
      await expect(page.getByTestId('transaction-original')).toHaveText([original, original]);
    });
  });
}

for (const [locale, viewport] of [['en', PHONE], ['de', DESKTOP]] as const) {
  test.describe(() => {
    test.use({ uiLocale: locale, viewport });
    test(`the member's offer prices /credits; a typed code applies, an unknown one says 'Code not found' and the page keeps its prices, a removed one stays away (${locale})`, async ({ page }) => {
      const t = texts(locale, 'payments');
      const errors = texts(locale, 'common');
      await signUpConfirmed(page, 'codetyped');
      // A Dutch member on a visit in Germany: both countries are evidenced.
      await browseFrom(page, 'DE');
      const list = await priceList(page, 'NL');
      // Without a code the member's current offer prices the page: a new member's time bonus.
      await page.goto('/credits?payment_country=NL');
      await expect(page.getByTestId('discount-applied')).toContainText(t('discount.appliedOffer', { code: 'TIMEBONUS25', percent: percent(2500, locale) }));
      await expectDiscountedBundles(page, list, 2500, locale);
      const field = page.getByTestId('discount-form').getByLabel(t('discount.haveCode'));
      await field.fill('NO-SUCH-CODE');
      await page.getByTestId('discount-apply').click();
      await expect(page).toHaveURL(/code=NO-SUCH-CODE/);
      await expect(page.getByTestId('discount-error')).toHaveText(errors('errors.codeNotFound'));
      await expect(field).toHaveValue('NO-SUCH-CODE');
      // The page still works at its normal prices.
      await expect(page.getByTestId('bundle')).toHaveCount(list.bundles.length);
      await expect(page.getByTestId('price-original')).toHaveCount(0);
      await expect(page.getByTestId('price-now').first()).toContainText(formatMoney(list.bundles[0]!.amount, list.currency, locale));
      await noHorizontalScroll(page);

      // Codes are read in any case.
      await field.fill('demo20');
      await page.getByTestId('discount-apply').click();
      await expect(page.getByTestId('discount-applied')).toContainText(t('discount.applied', { code: 'DEMO20', percent: percent(2000, locale) }));
      await expect(page.getByTestId('discount-error')).toHaveCount(0);
      await expectDiscountedBundles(page, list, 2000, locale);
      // The payment country stays when a code is applied, and the code stays when the country changes.
      expect(new URL(page.url()).searchParams.get('payment_country')).toBe('NL');
      await expect(page.getByTestId('bundle').first().getByRole('link')).toHaveAttribute('href', /code=DEMO20/);
      await page.getByTestId('payment-country').getByRole('combobox').selectOption('DE');
      await expect(page).toHaveURL(/payment_country=DE/);
      expect(new URL(page.url()).searchParams.get('code')).toBe('DEMO20');
      await expectDiscountedBundles(page, await priceList(page, 'DE'), 2000, locale);

      // Removed: normal prices, and the member's own offer does not step in.
      await page.getByTestId('discount-remove').click();
      await expect(page.getByTestId('discount-applied')).toHaveCount(0);
      await expect(page.getByTestId('price-original')).toHaveCount(0);
      expect(new URL(page.url()).searchParams.get('code')).toBe('');
      await noHorizontalScroll(page);
    });
  });
}

for (const [locale, viewport] of [['en', DESKTOP], ['de', PHONE]] as const) {
  test.describe(() => {
    test.use({ uiLocale: locale, viewport });
    test(`the delete-account offer opens /credits with the member's personal code; paid once, it is 'Code already used' (${locale})`, async ({ page }) => {
      const t = texts(locale, 'payments');
      const errors = texts(locale, 'common');
      await signUpConfirmed(page, 'codestay');
      await page.goto('/settings');
      await page.getByTestId('delete-account-section').getByRole('button').click();
      const dialog = page.getByTestId('delete-account-dialog');
      await dialog.getByTestId('delete-offer-accept').click();
      await expect(page).toHaveURL(/\/credits\?code=[^&]+$/);
      await expect(dialog).toHaveCount(0);
      const code = new URL(page.url()).searchParams.get('code')!;
      await expect(page.getByTestId('discount-applied')).toContainText(t('discount.applied', { code, percent: percent(5000, locale) }));
      const list = await priceList(page);
      await expectDiscountedBundles(page, list, 5000, locale);
      await noHorizontalScroll(page);

      await page.goto(`/credits?code=${encodeURIComponent(code)}`);
      await buyFirstBundle(page, list, code, 5000, locale);

      // Once per member: the same link now says so, and the page keeps its normal prices.
      await page.goto(`/credits?code=${encodeURIComponent(code)}`);
      await expect(page.getByTestId('discount-error')).toHaveText(errors('errors.codeUsed'));
      await expect(page.getByTestId('price-original')).toHaveCount(0);
    });
  });
}
