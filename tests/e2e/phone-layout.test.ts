import type { Page } from '@playwright/test';
import { expect, someDemoMemberId, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { everyRoute } from './route-paths';

const common = localeFile('en', 'common');
const PHONE_WIDTHS = [390, 320];
/** Apple's and Google's guidance for a control a finger can hit (44 pt / 48 dp); 40 px is the floor we accept. */
const MIN_TOUCH_PX = 40;

// Two widths of every route, twice: more pages than one test's default 30 s.
test.setTimeout(180_000);

test.use({ uiLocale: 'en' });

test.beforeEach(async ({ page }) => {
  // The entry warning is a modal of its own; these tests look at the pages behind it.
  await page.addInitScript(() => window.localStorage.setItem('entry-warning-dismissed-at', '1700000000000'));
});

/** The routes (of app/routes.ts) whose page is wider than the phone's screen, at each width. */
async function overflowingRoutes(page: Page): Promise<string[]> {
  const memberId = await someDemoMemberId(page.request);
  const wide: string[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const { id, path } of everyRoute(memberId)) {
      await page.goto(path);
      const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
      if (scroll > inner) wide.push(`${width}px ${id} (${path}): ${scroll}px`);
    }
  }
  return wide;
}

test('no page of the route table is wider than a phone (320 and 390 px), for a visitor', async ({ page }) => {
  expect(await overflowingRoutes(page)).toEqual([]);
});

test('no page of the route table is wider than a phone (320 and 390 px), for a member', async ({ memberPage: page }) => {
  expect(await overflowingRoutes(page)).toEqual([]);
});

for (const width of PHONE_WIDTHS) {
  test(`a member reaches every top-bar item and the account menu at ${width} px, with touch-sized controls`, async ({ memberPage: page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/members');
    const nav = page.getByRole('navigation', { name: lookup(common, 'nav.main') });
    const toggler = nav.getByTestId('nav-toggler');
    // On a phone the items fold behind a menu button.
    await expect(toggler).toBeVisible();
    await expect(nav.getByRole('link', { name: lookup(common, 'nav.search') })).toBeHidden();
    const toggleBox = (await toggler.boundingBox())!;
    expect(Math.min(toggleBox.width, toggleBox.height)).toBeGreaterThanOrEqual(MIN_TOUCH_PX);

    await toggler.click();
    for (const key of ['nav.search', 'nav.messages', 'nav.likes']) {
      const link = nav.getByRole('link', { name: lookup(common, key) });
      await expect(link).toBeInViewport({ ratio: 1 });
      expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TOUCH_PX);
    }
    await nav.getByTestId('account-menu').getByRole('button').click();
    for (const key of ['nav.myProfile', 'nav.settings', 'nav.logout']) {
      const item = nav.getByRole(key === 'nav.logout' ? 'button' : 'link', { name: lookup(common, key), exact: true });
      await expect(item).toBeInViewport({ ratio: 1 });
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TOUCH_PX);
    }
    await nav.getByRole('link', { name: lookup(common, 'nav.settings'), exact: true }).click();
    await expect(page).toHaveURL(/\/settings$/);
    // Navigating folds the menu again.
    await expect(nav.getByRole('link', { name: lookup(common, 'nav.search') })).toBeHidden();

    await toggler.click();
    await nav.getByTestId('account-menu').getByRole('button').click();
    await nav.getByRole('link', { name: lookup(common, 'nav.myProfile'), exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await toggler.click();
    await nav.getByTestId('account-menu').getByRole('button').click();
    await nav.getByRole('button', { name: lookup(common, 'nav.logout'), exact: true }).click();
    await expect(page.getByTestId('login-button')).toBeVisible();
  });
}

test('the top bar stays one row with every item at desktop width', async ({ memberPage: page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/members');
  const nav = page.getByRole('navigation', { name: lookup(common, 'nav.main') });
  await expect(nav.getByTestId('nav-toggler')).toBeHidden();
  await expect(nav.getByRole('link', { name: lookup(common, 'nav.search') })).toBeVisible();
  await expect(nav.getByTestId('account-menu')).toBeVisible();
});
