import { expect, test, setLocale } from './fixtures';
import { LOCALES, localeFile, lookup } from './locale-files';
import { DEMO_SITES } from '../../server/db/seed/demo-sites';

const rendezvous = DEMO_SITES.find((site) => site.key === 'rendezvous')!.settings;

const PAGES = ['terms', 'privacy', 'cookies', 'ban', 'return-policy', 'faq', 'service'] as const;

test.describe('home page', () => {
  for (const locale of LOCALES) {
    test(`renders in ${locale}`, async ({ page, context }) => {
      await setLocale(context, locale);
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(rendezvous.index_title[locale]);
      await expect(page.getByTestId('hero-signup')).toHaveText(lookup(localeFile(locale, 'common'), 'home.signupCta'));
      await expect(page.getByTestId('member-tile').first()).toBeVisible();
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', rendezvous.description[locale]);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', rendezvous.index_title[locale]);
    });
  }

  test('serves each site its own title on its own host', async ({ page, baseURL }) => {
    await page.goto(`http://flirtdate.localhost:${new URL(baseURL!).port}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Flirtdate/);
  });
});

test.describe('static pages', () => {
  for (const locale of LOCALES) {
    test(`render in ${locale}`, async ({ page, context }) => {
      await setLocale(context, locale);
      const pages = localeFile(locale, 'pages');
      for (const name of PAGES) {
        await page.goto(`/pages/${name}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        const title = lookup(pages, `${name}.title`).replace(/\{\{siteName\}\}/g, 'Rendezvous');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
        // Filled from company info and settings: no placeholder is left in the text.
        await expect(page.getByTestId(`page-${name}`)).not.toContainText('{{');
      }
    });
  }

  test('load their texts page by page when moving between them in the browser', async ({ page, context }) => {
    await setLocale(context, 'fi');
    const pages = localeFile('fi', 'pages');
    const common = localeFile('fi', 'common');
    await page.goto('/pages/terms', { waitUntil: 'networkidle' });
    for (const [name, footerKey] of [
      ['faq', 'footer.faq'],
      ['cookies', 'footer.cookies'],
      ['terms', 'footer.terms'],
    ] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name: lookup(common, footerKey) }).click();
      await expect(page).toHaveURL(new RegExp(`/pages/${name}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lookup(pages, `${name}.title`).replace(/\{\{siteName\}\}/g, 'Rendezvous'));
      await expect(page.getByTestId(`page-${name}`).locator('section h2').first()).not.toHaveText(/sections/);
    }
  });

  test('fill in the company, support phone and refund days', async ({ page, context }) => {
    await setLocale(context, 'en');
    await page.goto('/pages/service');
    const service = page.getByTestId('page-service');
    await expect(service).toContainText('Rendezvous Media B.V.');
    await expect(service).toContainText('+31207941130');
    await page.goto('/pages/return-policy');
    await expect(page.getByTestId('page-return-policy')).toContainText('14');
    await page.goto('/pages/terms');
    // The company was added after 2023-12-01, so the terms carry its date.
    await expect(page.getByTestId('page-terms')).toContainText('March 15, 2024');
  });

  test('show US visitors reading English the US privacy notice and footer', async ({ page, context }) => {
    await setLocale(context, 'en');
    await page.goto('/pages/privacy?country=US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lookup(localeFile('en', 'pages-us'), 'privacy.title').replace(/\{\{siteName\}\}/g, 'Rendezvous'));
    await expect(page.getByTestId('footer-us')).toBeVisible();
    await page.goto('/pages/privacy?country=NL');
    await expect(page.getByTestId('footer')).toBeVisible();
  });
});

test.describe('errors', () => {
  test('an unknown path shows the 404 page with the way home', async ({ page, context }) => {
    await setLocale(context, 'en');
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await page.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the 404 page is translated', async ({ page, context }) => {
    await setLocale(context, 'sv');
    await page.goto('/nope');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lookup(localeFile('sv', 'error-page'), 'notFound'));
  });
});
