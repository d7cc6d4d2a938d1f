import { expect, someDemoMemberId, test } from './fixtures';

test.use({ uiLocale: 'en' });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('entry-warning-dismissed-at', '1700000000000'));
});

test('/chats is a page of the members area: top bar, footer (spec 2, default layout)', async ({ memberPage: page }) => {
  await page.goto('/chats');
  await expect(page.getByTestId('chat-screen')).toBeVisible();
  await expect(page.getByTestId('member-nav')).toBeVisible();
  await expect(page.locator('footer')).toBeVisible();
});

test('a conversation keeps its full-height view without the top bar (chat layout)', async ({ memberPage: page }) => {
  await page.goto(`/members/${await someDemoMemberId(page.request)}/chat`);
  await expect(page.getByTestId('chat-screen')).toBeVisible();
  await expect(page.getByTestId('member-nav')).toHaveCount(0);
});
