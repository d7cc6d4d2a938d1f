import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';

const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;

test.use({ uiLocale: 'en' });

/** A new, activated member in its own browser context (signed up through the API, activated by the mailed link). */
async function newMember(page: Page, who: { name: string; gender: 'male' | 'female'; sexuality: string }): Promise<{ page: Page; id: number }> {
  await page.goto('/pages/faq');
  const email = `${who.name.toLowerCase()}-${Date.now()}@example.com`;
  const res = await page.request.post('/api/signup.php', {
    headers: { origin: new URL(page.url()).origin },
    data: { email, name: who.name, password: 'a members secret', date_of_birth: '1990-01-15', gender: who.gender, sexuality: who.sexuality, country: 'NL', region: 'NH', city: 'Haarlem' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await res.json()) as { user: { id: number } }).user.id;
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).length).toBe(1);
  const link = new URL(firstLink((await outboxMailsTo(OUTBOX, email))[0]!, '/activate/done'));
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/activate\/done$/);
  return { page, id };
}

test('a profile edited by one member is what another sees; a like from the profile and one back from search make a match', async ({ openPage }) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now() % 100000);
  const anna = await newMember(await openPage(), { name: `Anna${stamp}`, gender: 'female', sexuality: 'hetero' });
  const bram = await newMember(await openPage(), { name: `Bram${stamp}`, gender: 'male', sexuality: 'hetero' });

  // Anna writes about herself.
  await anna.page.goto('/profile');
  const about = `I collect old maps and bake bread on Sundays (${stamp}).`;
  await anna.page.getByRole('textbox', { name: 'About me', exact: true }).fill(about);
  await anna.page.getByTestId('profile-save').click();
  await expect(anna.page.getByTestId('profile-saved')).toBeVisible();

  // Bram sees exactly that on her profile, and likes her there.
  await bram.page.goto(`/members/${anna.id}`);
  await expect(bram.page.getByTestId('profile-name')).toContainText(`Anna${stamp}`);
  await expect(bram.page.getByTestId('profile-about')).toHaveText(about);
  await bram.page.getByTestId('action-like').click();
  await expect(bram.page.getByTestId('action-like')).toHaveAttribute('aria-pressed', 'true');

  // Anna finds Bram in search (men, most recently active first) and likes him back from his tile.
  await anna.page.goto('/members?gender=male&min_age=30&max_age=40');
  const tile = anna.page.locator(`[data-testid="search-tile"][data-member-id="${bram.id}"]`);
  await expect(tile).toBeVisible();
  await tile.getByTestId('like-button').click();
  // Mutual: the match overlay.
  const overlay = anna.page.getByTestId('new-like-overlay');
  await expect(overlay).toBeVisible();
  await expect(overlay).toContainText("It's a Match");
  await anna.page.mouse.click(5, 5);
  await expect(overlay).toBeHidden();
});

test('like buttons wait for the page script: disabled as the server renders them, enabled once it runs', async ({ openPage }) => {
  const stamp = String(Date.now() % 100000);
  const cleo = await newMember(await openPage(), { name: `Cleo${stamp}`, gender: 'female', sexuality: 'hetero' });
  // A click before the script runs would do nothing: the server's HTML has them disabled.
  const html = await (await cleo.page.request.get('/members?gender=male')).text();
  const buttons = [...html.matchAll(/<button[^>]*data-testid="like-button"[^>]*>/g)].map((m) => m[0]);
  expect(buttons.length).toBeGreaterThan(0);
  expect(buttons.filter((b) => !b.includes('disabled=""'))).toEqual([]);
  await cleo.page.goto('/members?gender=male');
  await expect(cleo.page.getByTestId('like-button').first()).toBeEnabled();
});
