import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { composeIBAN, friendlyFormatIBAN } from 'ibantools';
import { discounted } from '../../common/offers/discount-rules';
import type { CreditsPage } from '../../common/payments/payment-schemas';
import { formatMoney } from '../../common/payments/money';
import { browseFrom, expect, setLocale, signUpByApi, signUpConfirmed, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

const SMS_OUTBOX = path.join(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data', 'sms-outbox');
const dd = localeFile('en', 'direct-debit');
const k = (key: string) => lookup(dd, key);
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 320, height: 760 },
];
const LOCALES = ['da', 'de', 'en', 'es', 'fi', 'fr', 'it', 'nb', 'nl', 'pl', 'sv'];

test.use({ uiLocale: 'en' });

test.beforeEach(async ({ page }) => {
  // The entry warning is a modal of its own; these tests look at the page behind it.
  await page.addInitScript(() => window.localStorage.setItem('entry-warning-dismissed-at', '1700000000000'));
});

/** A mobile number of this test's own, so its SMS are told apart in the shared outbox. */
const newMobile = () => `+3161${String(Date.now() % 1e4).padStart(4, "0")}${String(Math.floor(Math.random() * 1e3)).padStart(3, "0")}`;

/** A valid Dutch IBAN of this test's own: the limits and blocks also count per IBAN across members. */
const newIban = () => composeIBAN({ countryCode: 'NL', bban: `ABNA${String(Math.floor(Math.random() * 1e10)).padStart(10, '0')}` })!;

/** The code of the newest SMS to `mobile` in the development outbox, once there are `count`. */
async function smsCode(mobile: string, count = 1): Promise<string> {
  let code: string | undefined;
  await expect(async () => {
    const files = (await readdir(SMS_OUTBOX).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
    const mine = [];
    for (const f of files) {
      const sms = JSON.parse(await readFile(path.join(SMS_OUTBOX, f), 'utf8')) as { to: string; text: string };
      if (sms.to === mobile) mine.push(sms);
    }
    expect(mine.length).toBeGreaterThanOrEqual(count);
    code = /\b(\d{6})\b/.exec(mine.at(-1)!.text)?.[1];
    expect(code).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return code!;
}

async function smallestBundle(request: APIRequestContext): Promise<{ id: number; credits: number }> {
  const res = await request.get('/api/credits.php?country=NL');
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { bundles: { id: number; credits: number; amount: number; currency: string }[] };
  const bundle = body.bundles.find((b) => b.currency === 'EUR');
  expect(bundle).toBeTruthy();
  return bundle!;
}

async function balance(request: APIRequestContext): Promise<number> {
  return ((await (await request.get('/api/credits.php?country=NL')).json()) as { balance: number }).balance;
}

async function fillDetails(page: Page, mobile: string, iban: string) {
  await page.getByLabel(k('holder')).fill('Anna de Vries');
  await page.getByLabel(k('iban')).pressSequentially(iban.toLowerCase());
  await expect(page.getByLabel(k('iban'))).toHaveValue(friendlyFormatIBAN(iban)!);
  await page.getByLabel(k('street')).fill('Keizersgracht');
  await page.getByLabel(k('houseNumber')).fill('12a');
  await page.getByLabel(k('postalCode')).fill('1015 CS');
  await page.getByLabel(k('city')).fill('Amsterdam');
  await page.getByLabel(k('mobile')).fill(mobile);
}

/** One direct-debit purchase through the API, as the page makes it. */
async function buyByApi(page: Page, bundle: number, mobile: string, iban: string, count: number) {
  const headers = { origin: new URL(page.url()).origin };
  const sent = await page.request.post('/api/directdebit.php', {
    headers,
    data: { bundle, country: 'NL', holder: 'Anna de Vries', iban, street: 'Keizersgracht', house_number: '12a', postal_code: '1015 CS', city: 'Amsterdam', mobile, idempotency_key: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { verification_id } = (await sent.json()) as { verification_id: string };
  const paid = await page.request.post('/api/directdebit-verify.php', { headers, data: { verification_id, code: await smsCode(mobile, count) } });
  expect(paid.status(), await paid.text()).toBe(200);
}

for (const size of WIDTHS) {
  test.describe(`at ${size.name} width`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test('a member pays a bundle by direct debit with the SMS code, after a wrong one', async ({ page }) => {
      await signUpConfirmed(page, 'dd');
      const bundle = await smallestBundle(page.request);
      const before = await balance(page.request);
      await page.goto(`/directdebit?bundle=${bundle.id}&country=NL`);
      await expect(page.getByRole('heading', { name: k('title') })).toBeVisible();
      await expect(page.getByTestId('dd-summary')).toContainText(String(bundle.credits));
      const mobile = newMobile();
      const iban = newIban();
      await fillDetails(page, mobile, iban);
      const send = page.getByTestId('dd-send');
      expect((await send.boundingBox())!.height).toBeGreaterThanOrEqual(40);
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(scroll).toBeLessThanOrEqual(inner);
      await send.click();

      const code = await smsCode(mobile);
      await expect(page.getByLabel(k('code'))).toBeVisible();
      await page.getByLabel(k('code')).fill(code === '000000' ? '111111' : '000000');
      await page.getByTestId('dd-confirm').click();
      await expect(page.getByTestId('dd-code-error')).toHaveText(k('errors.codeInvalid'));
      expect(await balance(page.request)).toBe(before);

      await page.getByLabel(k('code')).fill(code);
      await page.getByTestId('dd-confirm').click();
      await expect(page).toHaveURL(new RegExp(`/credits/${bundle.id}/directdebit\\?payment=RV[A-Z0-9]+$`));
      const paymentId = new URL(page.url()).searchParams.get('payment')!;
      const state = (await (await page.request.get(`/api/payment.php?id=${paymentId}`)).json()) as { status: string; method: string; credits: number; balance: number; paid_user: boolean };
      expect(state).toMatchObject({ status: 'paid', method: 'directdebit', credits: bundle.credits, balance: before + bundle.credits, paid_user: true });
      // The IBAN never reaches a URL.
      expect(page.url()).not.toContain(iban.slice(4, 10));
    });

    test('a member past the direct-debit limit is told so', async ({ page }) => {
      await signUpConfirmed(page, 'ddlimit');
      const bundle = await smallestBundle(page.request);
      const mobile = newMobile();
      const iban = newIban();
      // The demo sites allow three direct debits per 30 days (server/db/seed/demo-sites.ts).
      for (let i = 1; i <= 3; i += 1) await buyByApi(page, bundle.id, mobile, iban, i);
      await page.goto(`/directdebit?bundle=${bundle.id}&country=NL`);
      await fillDetails(page, mobile, iban);
      await page.getByTestId('dd-send').click();
      await expect(page.getByTestId('dd-error')).toHaveText(k('errors.limit'));
      await expect(page.getByLabel(k('code'))).toHaveCount(0);
    });

    test('a member with an unconfirmed e-mail address is asked to confirm it first, and no code is sent', async ({ page }) => {
      await signUpByApi(page, 'ddunconfirmed');
      const bundle = await smallestBundle(page.request);
      await page.goto(`/directdebit?bundle=${bundle.id}&country=NL`);
      await expect(page.getByTestId('dd-unconfirmed')).toHaveText(k('errors.unconfirmed'));
      await expect(page.getByTestId('dd-send')).toHaveCount(0);
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(scroll).toBeLessThanOrEqual(inner);
    });
  });
}

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 760 } });

  test('the form fits without horizontal scrolling in every language', async ({ page }) => {
    // A Dutch member on a visit in Germany: both countries are evidenced.
    await signUpConfirmed(page, 'ddwide');
    await browseFrom(page, 'DE');
    const list = (await (await page.request.get('/api/credits.php?country=DE')).json()) as CreditsPage;
    for (const locale of LOCALES) {
      await setLocale(page.context(), locale);
      await page.goto(`/directdebit?bundle=${list.bundles[0]!.id}&country=DE&code=DEMO20`);
      await expect(page.getByTestId('dd-discount')).toBeVisible();
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      expect(scroll, locale).toBeLessThanOrEqual(inner);
    }
  });
});

test.describe('with a discount code', () => {
  test.use({ viewport: { width: 320, height: 760 } });

  test('a /credits?code=DEMO20 link carries the code to direct debit, which charges and records the discounted amount', async ({ page }) => {
    const pay = localeFile('en', 'payments');
    const p = (key: string, vars: Record<string, string> = {}) => lookup(pay, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => vars[name] ?? '');
    await signUpConfirmed(page, 'dddemo');
    const list = (await (await page.request.get('/api/credits.php?country=NL')).json()) as CreditsPage;
    const bundle = list.bundles[0]!;
    const original = formatMoney(bundle.amount, bundle.currency, 'en');
    const charged = formatMoney(discounted(bundle.amount, 2000), bundle.currency, 'en');

    // A code that does not apply is said, and the page goes on at the normal price.
    await page.goto(`/directdebit?bundle=${bundle.id}&country=NL&code=NO-SUCH-CODE`);
    await expect(page.getByTestId('discount-error')).toHaveText(lookup(localeFile('en', 'common'), 'errors.codeNotFound'));
    await expect(page.getByTestId('price-original')).toHaveCount(0);
    await expect(page.getByTestId('dd-summary')).toContainText(original);

    await page.goto('/credits?code=DEMO20&payment_country=NL');
    await page.getByTestId('bundle').first().getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/credits/${bundle.id}\\?.*code=DEMO20`));
    await page.getByTestId('method-directdebit').click();
    // Direct debit takes the code like every other method.
    await expect(page.getByTestId('method-no-discount')).toHaveCount(0);
    await expect(page.getByTestId('pay-discount').getByTestId('price-now')).toContainText(charged);
    await page.getByTestId('pay').click();
    await expect(page).toHaveURL(new RegExp(`/directdebit\\?bundle=${bundle.id}&country=NL&code=DEMO20$`));
    await expect(page.getByTestId('dd-discount').getByTestId('price-original')).toContainText(original);
    await expect(page.getByTestId('dd-discount').getByTestId('price-now')).toContainText(charged);
    await expect(page.getByTestId('dd-summary')).toContainText(charged);
    const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(scroll).toBeLessThanOrEqual(inner);

    const mobile = newMobile();
    await fillDetails(page, mobile, newIban());
    await page.getByTestId('dd-send').click();
    await page.getByLabel(k('code')).fill(await smsCode(mobile));
    await page.getByTestId('dd-confirm').click();
    await expect(page).toHaveURL(new RegExp(`/credits/${bundle.id}/directdebit\\?payment=RV[A-Z0-9]+$`));
    await expect(page.getByTestId('result-completed')).toBeVisible();
    await expect(page.getByTestId('result-discount')).toHaveText(p('result.discount', { code: 'DEMO20', percent: '20%', original }));
    await page.getByTestId('to-transaction').click();
    await expect(page.getByTestId('tx-amount')).toHaveText(charged);
    await expect(page.getByTestId('tx-original-amount')).toHaveText(original);
    await expect(page.getByTestId('tx-discount')).toHaveText(p('transactions.discountValue', { code: 'DEMO20', percent: '20%' }));
  });
});
