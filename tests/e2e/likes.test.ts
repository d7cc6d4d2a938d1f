import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';

const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;
const likes = localeFile('en', 'likes');
const t = (key: string, vars: Record<string, string | number> = {}) => lookup(likes, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));

interface Member {
  id: number;
  email: string;
  password: string;
  name: string;
}

/** A new, activated member from the signup API and the activation mail of the outbox. */
async function activatedMember(request: APIRequestContext, baseURL: string, name: string, gender: 'male' | 'female'): Promise<Member> {
  const email = `e2e-likes-${name.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@rendezvous.example`;
  const password = 'a fine password 42';
  const res = await request.post('/api/signup.php', {
    headers: { origin: baseURL },
    data: { email, name, password, date_of_birth: '1990-04-12', gender, sexuality: 'hetero', country: 'NL' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = ((await res.json()) as { user: { id: number } }).user.id;
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
  const link = new URL(firstLink((await outboxMailsTo(OUTBOX, email)).at(-1)!, '/activate/done'));
  await request.get(link.pathname + link.search, { maxRedirects: 5 });
  return { id, email, password, name };
}

test.use({ uiLocale: 'en' });

test('a received like: badge and title prefix, the new-like overlay, like back to a match, the like modal by ?t=3', async ({ page, browser, baseURL, logIn }) => {
  const bContext = await browser.newContext({ baseURL });
  const anna = await activatedMember(page.request, baseURL!, 'Anna', 'female');
  await page.context().clearCookies({ name: 'auth.session' });
  const ben = await activatedMember(bContext.request, baseURL!, 'Ben', 'male');
  // Ben (logged in by his signup) likes Anna.
  const liked = await bContext.request.post('/api/like.php', { headers: { origin: baseURL! }, data: { profile_id: anna.id, source: 'profile' } });
  expect(liked.status(), await liked.text()).toBe(200);
  expect(await liked.json()).toEqual({ state: 'liked' });

  await logIn(anna);
  // A new like not shown yet pops up on the first page of the members area; a click elsewhere closes it.
  const overlay = page.getByTestId('new-like-overlay');
  if (!/\/(members|likes|chats|premium)(\/\d+)?$/.test(new URL(page.url()).pathname)) await page.goto('/likes');
  await expect(overlay).toHaveAttribute('data-kind', 'new');
  await expect(overlay).toContainText(t('overlay.newLike'));
  await expect(overlay).toContainText(t('overlay.newLikeText', { name: 'Ben' }));
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(overlay).toBeHidden();

  // The likes page: one new like in the badge, the title prefix and the received tab.
  await page.goto('/likes');
  await expect(page.getByTestId('likes-badge')).toHaveText('1');
  await expect.poll(() => page.title()).toMatch(/^\(1\) /);
  const tile = page.locator(`[data-testid="like-tile"][data-profile-id="${ben.id}"]`);
  await expect(tile).toContainText(t('new'));
  // Shown once: not again on this load.
  await page.waitForTimeout(1_000);
  await expect(overlay).toHaveCount(0);

  // Liking back makes a match: "It's a Match", and Start chatting opens the chat with the starting flag.
  await tile.getByTestId('like-back').click();
  await expect(overlay).toHaveAttribute('data-kind', 'match');
  await expect(overlay).toContainText(t('overlay.match'));
  await overlay.getByTestId('new-like-start-chat').click();
  await expect(page).toHaveURL(new RegExp(`/members/${ben.id}/chat\\?starting=1$`));
  await page.goto('/likes');
  await page.getByRole('link', { name: t('tabs.matches') }).click();
  await expect(page).toHaveURL(/\/likes\/matches$/);
  await expect(page.locator(`[data-testid="like-tile"][data-profile-id="${ben.id}"]`)).toContainText(t('match'));

  // ?t=3: t leaves the URL at once, the modal opens after 3 s and goes to the liker's profile.
  const opened = Date.now();
  await page.goto('/likes?t=3');
  await expect(page).toHaveURL(/\/likes$/);
  const modal = page.getByTestId('like-modal');
  await expect(modal).toBeVisible({ timeout: 8_000 });
  expect(Date.now() - opened).toBeGreaterThanOrEqual(3_000);
  await expect(modal).toContainText(t('modal.title'));
  await modal.getByTestId('like-modal-button').click();
  await expect(page).toHaveURL(/\/members\/\d+$/);


  // Opening the like from a mail (/likes/m/{id}) marks it seen: no badge, no title prefix.
  await page.goto(`/likes/m/${ben.id}`);
  await expect(page.getByTestId('opened-like')).toHaveText(t('openedLike', { name: 'Ben' }));
  await expect(page.getByTestId('likes-badge')).toHaveCount(0);
  await expect.poll(() => page.title()).not.toMatch(/^\(\d+\) /);
  await bContext.close();
});

test('/likes/m/{id} writes nothing on its GET (a link on another site could start it); the page marks the like seen', async ({ page, browser, baseURL, logIn }) => {
  const bContext = await browser.newContext({ baseURL });
  const cora = await activatedMember(page.request, baseURL!, 'Cora', 'female');
  await page.context().clearCookies({ name: 'auth.session' });
  const dirk = await activatedMember(bContext.request, baseURL!, 'Dirk', 'male');
  expect((await bContext.request.post('/api/like.php', { headers: { origin: baseURL! }, data: { profile_id: cora.id, source: 'profile' } })).status()).toBe(200);
  await bContext.close();
  await logIn(cora);
  const newLikes = async () => ((await (await page.request.get('/api/likes.php')).json()) as { new_likes: number }).new_likes;
  expect(await newLikes()).toBe(1);
  // What a link on another site makes the browser send: the page, with Cora's Lax cookie, and no script run.
  const res = await page.request.get(`/likes/m/${dirk.id}`, { headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' } });
  expect(res.status()).toBe(200);
  expect(await newLikes()).toBe(1);
  await page.goto(`/likes/m/${dirk.id}`);
  await expect(page.getByTestId('opened-like')).toHaveText(t('openedLike', { name: 'Dirk' }));
  await expect.poll(newLikes).toBe(0);
});

test('the swipe game: like by button, pass by arrow key, the daily allowance and an empty sent tab leading to search', async ({ page, baseURL, logIn }) => {
  const member = await activatedMember(page.request, baseURL!, 'Sven', 'male');
  await page.context().clearCookies({ name: 'auth.session' });
  await logIn(member);

  await page.goto('/likes/sent');
  await expect(page.getByTestId('likes-empty')).toBeVisible();
  await expect(page.getByTestId('likes-empty').getByRole('link', { name: t('searchMembers') })).toHaveAttribute('href', '/members');

  await page.goto('/swipe-game');
  const allowance = page.getByTestId('swipe-allowance');
  await expect(allowance).toHaveText(t('swipe.remaining', { count: 4, limit: 4 }));
  const card = page.getByTestId('swipe-card');
  const first = await card.getAttribute('data-profile-id');
  await page.getByTestId('swipe-like').click();
  await expect(allowance).toHaveText(t('swipe.remaining', { count: 3, limit: 4 }));
  await expect(card).not.toHaveAttribute('data-profile-id', first!);
  const second = await card.getAttribute('data-profile-id');
  await page.keyboard.press('ArrowLeft');
  await expect(card).not.toHaveAttribute('data-profile-id', second!);
  // A swipe to the right by pointer is a like.
  const box = (await card.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(allowance).toHaveText(t('swipe.remaining', { count: 2, limit: 4 }));
  await page.keyboard.press('ArrowRight');
  await expect(allowance).toHaveText(t('swipe.remaining', { count: 1, limit: 4 }));
  await page.keyboard.press('ArrowRight');
  await expect(allowance).toContainText(t('swipe.limitReached'));
  await expect(page.getByTestId('swipe-countdown')).toHaveText(/23:59:\d\d/);
  await expect(page.getByTestId('swipe-like')).toBeDisabled();

  await page.goto('/likes/sent');
  await expect(page.locator(`[data-testid="like-tile"][data-profile-id="${first}"]`)).toBeVisible();
  await expect(page.getByTestId('likes-list-sent').getByTestId('like-tile')).toHaveCount(4);
});
