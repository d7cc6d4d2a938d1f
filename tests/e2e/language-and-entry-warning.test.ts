import { expect, signUpByApi, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

const EXPECTED: Record<string, string[]> = {
  BE: ['Nederlands', 'Français', 'Deutsch'],
  CH: ['Deutsch', 'Italiano', 'Français', 'English'],
  FI: ['Suomi', 'Svenska'],
};

test.describe('language dropdown', () => {
  test.beforeEach(async ({ page }) => {
    // These visitors dismissed the entry warning on an earlier visit.
    await page.addInitScript(() => window.localStorage.setItem('entry-warning-dismissed-at', '1700000000000'));
  });

  for (const [country, names] of Object.entries(EXPECTED)) {
    test(`offers the languages of ${country}`, async ({ page }) => {
      await page.goto(`/?country=${country}`);
      const menu = page.getByTestId('language-menu');
      await menu.getByRole('button').click();
      await expect(menu.locator('.dropdown-menu button')).toHaveText(names);
    });
  }

  test('is absent where one language is visible', async ({ page }) => {
    await page.goto('/?country=NL');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('language-menu')).toHaveCount(0);
  });

  test('switches the language after hydration and keeps it', async ({ page }) => {
    await page.goto('/?country=BE');
    await page.getByTestId('language-menu').getByRole('button').click();
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('hero-signup')).toHaveText(lookup(localeFile('fr', 'common'), 'home.signupCta'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('/lang-config lets the visitor choose any language', async ({ page }) => {
    await page.goto('/lang-config?country=FI');
    await expect(page.getByTestId('languages-suggested').getByRole('button')).toHaveText(['Suomi', 'Svenska']);
    await page.getByRole('button', { name: 'Dansk' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  });

  test("a member's choice in the top bar is saved to the account (spec 7), so mails follow it", async ({ page }) => {
    await signUpByApi(page, 'Lang');
    await page.goto('/members?country=BE');
    // The menu opens once the page's script runs: on a busy machine the first click may come before.
    await expect(async () => {
      await page.getByTestId('language-menu').getByRole('button').click();
      await expect(page.getByRole('button', { name: 'Français' })).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await page.getByRole('button', { name: 'Français' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    const { user } = (await (await page.request.get('/api/user.php')).json()) as { user: { language: string } };
    expect(user.language).toBe('fr');
  });
});

test.describe('site-entry warning', () => {
  test('shows, dismisses and stays dismissed', async ({ page }) => {
    await page.goto('/?country=NL');
    const modal = page.getByTestId('entry-warning');
    await expect(modal).toBeVisible();
    await modal.getByRole('button').click();
    await expect(modal).toHaveCount(0);
    const stored = await page.evaluate(() => window.localStorage.getItem('entry-warning-dismissed-at'));
    expect(Number(stored)).toBeGreaterThan(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('entry-warning')).toHaveCount(0);
  });

  test('is not shown to a logged-in member (spec 2: logged-out visitors only)', async ({ memberPage: page }) => {
    await page.goto('/members?country=NL');
    await expect(page.getByTestId('member-nav')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('entry-warning')).toHaveCount(0);
    // Nor in the layouts that warn NL and DE visitors only.
    await page.goto('/signup-matches?country=NL');
    await page.waitForTimeout(300);
    await expect(page.getByTestId('entry-warning')).toHaveCount(0);
  });

  test('is not shown to visitors from countries outside the list', async ({ page }) => {
    await page.goto('/?country=US');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('entry-warning')).toHaveCount(0);
  });

  test('is not shown on a site that disables it', async ({ page, baseURL }) => {
    const port = new URL(baseURL!).port;
    await page.goto(`http://rainbow.localhost:${port}/?country=GB`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(300);
    await expect(page.getByTestId('entry-warning')).toHaveCount(0);
  });
});
