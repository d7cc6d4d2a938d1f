import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_PREMIUM, expect, test } from './fixtures';

const PREMIUM = { email: DEMO_PREMIUM, password: DEMO_PASSWORD };

const countOf = async (page: Page) => Number((await page.getByTestId('result-count').textContent())?.replace(/\D/g, ''));

test.describe('member search', () => {
  test.use({ uiLocale: 'en' });

  test('a member searches with each filter, pages through, reloads and clears', async ({ page, logIn }) => {
    await logIn(PREMIUM);
    // Home is the search for a logged-in member.
    await page.goto('/');
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByRole('heading', { name: 'Search members' })).toBeVisible();
    await expect(page.getByTestId('other-results').getByTestId('search-tile').first()).toBeVisible();

    // Gender: enough results to page through.
    await page.getByLabel('Looking for').selectOption('female');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/gender=female/);
    const results = page.getByTestId('search-results').getByTestId('search-tile');
    await expect(results).toHaveCount(24);
    const total = await countOf(page);
    expect(total).toBeGreaterThan(24);
    await page.getByTestId('load-more').click();
    await expect(results).toHaveCount(Math.min(48, total));

    // Country, region (under the country's own naming), ages.
    await page.getByLabel('Country', { exact: true }).selectOption('NL');
    const region = page.locator('#search-region');
    await expect(region).toBeVisible();
    await expect(page.locator('label[for="search-region"]')).toHaveText('Province');
    await page.getByLabel('Age from').selectOption('25');
    await page.getByLabel('Age to').selectOption('60');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/where=NL/);
    await expect(page).toHaveURL(/min_age=25/);
    await expect(page).toHaveURL(/max_age=60/);
    const narrowed = await countOf(page);
    expect(narrowed).toBeLessThanOrEqual(total);
    for (const caption of await page.getByTestId('search-results').locator('.rv-tile-caption strong').evaluateAll((els) => els.map((e) => e.parentElement!.textContent ?? ''))) {
      const age = Number(/,\s*(\d+)/.exec(caption)?.[1]);
      expect(age).toBeGreaterThanOrEqual(25);
      expect(age).toBeLessThanOrEqual(60);
    }
    await region.selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/region=/);
    expect(await countOf(page)).toBeLessThanOrEqual(narrowed);

    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await expect(page.getByLabel('Country', { exact: true })).toHaveValue('NL');
    await expect(page.getByLabel('Age from')).toHaveValue('25');

    // A tile opens the profile.
    const first = page.getByTestId('search-results').getByTestId('search-tile').or(page.getByTestId('similar-results').getByTestId('search-tile')).first();
    const id = await first.getAttribute('data-member-id');
    await expect(first.getByRole('link')).toHaveAttribute('href', `/members/${id}`);

    // Clear resets results, count and filters.
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByTestId('result-count')).toHaveCount(0);
    await expect(page.getByTestId('other-results')).toBeVisible();
  });

  test('the match finder asks three questions and lands on the search; signup-matches shows matches', async ({ page, logIn }) => {
    await logIn();
    await page.goto('/match-finder');
    await expect(page.getByText('Question 1 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Women' }).click();
    await expect(page.getByText('Question 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: '26–35' }).click();
    // The province field is there, disabled, while the provinces load (held back here), so
    // that the button below it does not move when they come: a click aimed at it could
    // land elsewhere (seen once in CI before the field kept its place).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/regions.php?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Country', { exact: true }).selectOption('NL');
    const show = page.getByTestId('finder-show');
    await expect(page.locator('#finder-region')).toBeDisabled();
    const before = await show.boundingBox();
    release();
    await expect(page.getByLabel('Province')).toBeEnabled();
    expect((await show.boundingBox())?.y).toBe(before?.y);
    await page.unroute('**/api/regions.php?*');
    await show.click();
    await expect(page).toHaveURL(/\/members\?gender=female&where=NL&min_age=26&max_age=35$/);
    await expect(page.getByTestId('result-count')).toBeVisible();

    await page.goto('/signup-matches');
    await expect(page.getByRole('heading', { name: 'Your first matches' })).toBeVisible();
    await expect(page.getByTestId('signup-matches').getByTestId('search-tile').first()).toBeVisible();
  });

  test("when a country's regions cannot be loaded, the region field goes without leaving a gap", async ({ page, logIn }) => {
    await logIn(PREMIUM);
    await page.goto('/members');
    await page.route('**/api/regions.php?*', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unknownCountry', message: 'Unknown country' } }) }));
    await page.getByLabel('Country', { exact: true }).selectOption('NL');
    await expect(page.locator('#search-region')).toHaveCount(0);
    // Its column went with it: the next filters close up.
    await expect(page.locator('.col-md-3:empty')).toHaveCount(0);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/where=NL/);
    await expect(page.getByTestId('result-count')).toBeVisible();
  });

  test('a visitor may search where the site allows it; tiles lead to the signup', async ({ page }) => {
    await page.goto('/members?gender=male');
    await expect(page.getByTestId('result-count')).toBeVisible();
    const tile = page.getByTestId('search-results').getByTestId('search-tile').first();
    const id = await tile.getAttribute('data-member-id');
    await expect(tile.getByRole('link')).toHaveAttribute('href', new RegExp(`signup=${id}`));
    await expect(tile.getByTestId('like-button')).toHaveCount(0);
    // Visitors have no position: no distance band.
    await expect(page.getByTestId('distance')).toHaveCount(0);
  });
});
