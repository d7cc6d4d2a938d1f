import type { Locator, Page } from '@playwright/test';
import { gradientJpeg } from '../../server/test-support/test-images';
import { confirmedMember } from './chat-members';
import { DEMO_PREMIUM, expect, logInByApi, signUpByApi, someDemoMemberId, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

// No surprise charges (issue 25): the price shows before a send, and the first paid send in a
// conversation is confirmed once. New members have the demo site's 20 signup credits and 3 free
// messages; a message costs 10 credits, a photo 15 (server/db/seed/demo-sites.ts). They write to a
// demo member (confirmed, so able to receive): new confirmed members cost activations, which
// are rate limited per address.
const chat = localeFile('en', 'chat');
const t = (key: string, vars: Record<string, string | number> = {}) => lookup(chat, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));
const SIGNUP_CREDITS = 20;
const FREE_MESSAGES = 3;
const MESSAGE = 10;
const PHOTO = 15;
/** The floor for a control a finger can hit (as in phone-layout.test.ts). */
const MIN_TOUCH_PX = 40;

test.use({ uiLocale: 'en' });

/** The member's wallet and the messages of the chat with `profile`, as the API has them. */
async function chatState(page: Page, profile: number): Promise<{ credits: number; free: number; messages: number }> {
  const res = await page.request.get(`/api/chat.php?profile=${profile}`);
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { wallet: { credits: number; free_messages_left: number }; messages: unknown[] };
  return { credits: body.wallet.credits, free: body.wallet.free_messages_left, messages: body.messages.length };
}

/** The dialog fits the screen, nothing scrolls sideways, and its buttons are finger-sized. */
async function expectFitsScreen(page: Page, dialog: Locator) {
  const width = page.viewportSize()!.width;
  const box = (await dialog.locator('.modal-content').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  for (const button of [dialog.getByTestId('cost-confirm-send'), dialog.getByTestId('cost-confirm-cancel')]) {
    await expect(button).toBeInViewport({ ratio: 1 });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TOUCH_PX);
  }
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 320, height: 640 }],
] as const) {
  test.describe(`${device} (${viewport.width} px)`, () => {
    test('with no free messages left the price shows, the first paid message is confirmed once, and not asked again after a reload', async ({ page }) => {
      test.setTimeout(60_000);
      await signUpByApi(page, 'Ada');
      const other = await someDemoMemberId(page.request);
      await page.setViewportSize(viewport);
      const origin = new URL(page.url()).origin;
      // The free messages are used up first (they cost nothing and ask nothing).
      for (let i = 1; i <= FREE_MESSAGES; i += 1) {
        const res = await page.request.post('/api/message.php', { headers: { origin }, data: { profile: other, client_id: `free-${Date.now()}-${i}`, kind: 'text', text: `Free hello ${i}` } });
        expect(res.status(), await res.text()).toBe(200);
      }
      expect(await chatState(page, other)).toEqual({ credits: SIGNUP_CREDITS, free: 0, messages: FREE_MESSAGES });

      await page.goto(`/members/${other}/chat`);
      await expect(page.getByTestId('cost-message')).toHaveText(t('cost.message', { credits: MESSAGE }));
      await expect(page.getByTestId('cost-balance')).toHaveText(t('cost.balance', { credits: SIGNUP_CREDITS }));

      await page.getByTestId('composer-text').fill('A paid hello');
      await page.getByTestId('send-button').click();
      const dialog = page.getByTestId('cost-confirm');
      await expect(dialog.getByTestId('cost-confirm-text')).toHaveText(t('confirm.message', { cost: MESSAGE, credits: SIGNUP_CREDITS }));
      await expect(dialog.getByTestId('cost-confirm-after')).toContainText(t('confirm.after', { credits: SIGNUP_CREDITS - MESSAGE }));
      await expectFitsScreen(page, dialog);
      // Nothing has gone yet: the draft waits in the composer.
      await expect(page.getByTestId('message')).toHaveCount(FREE_MESSAGES);
      await expect(page.getByTestId('composer-text')).toHaveValue('A paid hello');

      await dialog.getByTestId('cost-confirm-send').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('message').filter({ hasText: 'A paid hello' })).toHaveAttribute('data-state', /sent|delivered|read/);
      await expect(page.getByTestId('composer-text')).toHaveValue('');
      await expect(page.getByTestId('cost-balance')).toHaveText(t('cost.balance', { credits: SIGNUP_CREDITS - MESSAGE }));

      // Remembered for this conversation, across a reload: the second paid message goes at once.
      await page.reload();
      await page.getByTestId('composer-text').fill('A second paid hello');
      await page.getByTestId('send-button').click();
      await expect(page.getByTestId('message').filter({ hasText: 'A second paid hello' })).toHaveAttribute('data-state', /sent|delivered|read/);
      await expect(dialog).toHaveCount(0);
      expect(await chatState(page, other)).toEqual({ credits: SIGNUP_CREDITS - 2 * MESSAGE, free: 0, messages: FREE_MESSAGES + 2 });
    });

    test('a free message asks nothing; a photo shows its price, cancelling sends and charges nothing, confirming sends it', async ({ page }) => {
      test.setTimeout(60_000);
      await signUpByApi(page, 'Cleo');
      const other = await someDemoMemberId(page.request);
      await page.setViewportSize(viewport);
      await page.goto(`/members/${other}/chat`);
      await page.getByTestId('icebreaker-modal').getByRole('button', { name: t('icebreaker.own') }).click();
      await expect(page.getByTestId('cost-message')).toHaveText(t('cost.free', { count: FREE_MESSAGES }));
      await expect(page.getByTestId('cost-photo')).toHaveText(t('cost.photo', { credits: PHOTO }));
      await expect(page.getByTestId('photo-button')).toHaveAccessibleName(t('composer.photoCost', { credits: PHOTO }));

      // A free message goes without a question and costs nothing.
      await page.getByTestId('composer-text').fill('Hello for free');
      await page.getByTestId('send-button').click();
      await expect(page.getByTestId('message').filter({ hasText: 'Hello for free' })).toHaveAttribute('data-state', /sent|delivered|read/);
      const dialog = page.getByTestId('cost-confirm');
      await expect(dialog).toHaveCount(0);
      expect(await chatState(page, other)).toEqual({ credits: SIGNUP_CREDITS, free: FREE_MESSAGES - 1, messages: 1 });

      // A photo: its price and the chosen picture are shown before it goes. Cancel: nothing sent, nothing charged.
      const photo = { name: 'beach.jpg', mimeType: 'image/jpeg', buffer: await gradientJpeg(640, 480) };
      await page.getByTestId('photo-input').setInputFiles(photo);
      await expect(dialog.getByTestId('cost-confirm-text')).toHaveText(t('confirm.photo', { cost: PHOTO, credits: SIGNUP_CREDITS }));
      await expect(dialog.getByTestId('cost-confirm-preview')).toBeVisible();
      await expectFitsScreen(page, dialog);
      await dialog.getByTestId('cost-confirm-cancel').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.locator('[data-testid="message"][data-kind="photo"]')).toHaveCount(0);
      expect(await chatState(page, other)).toEqual({ credits: SIGNUP_CREDITS, free: FREE_MESSAGES - 1, messages: 1 });
      await expect(page.getByTestId('cost-balance')).toHaveText(t('cost.balance', { credits: SIGNUP_CREDITS }));

      // Asked again (cancelled is not confirmed); Send sends it and charges the photo's price.
      await page.getByTestId('photo-input').setInputFiles(photo);
      await dialog.getByTestId('cost-confirm-send').click();
      await expect(page.locator('[data-testid="message"][data-kind="photo"]')).toHaveAttribute('data-state', /sent|delivered|read/, { timeout: 15_000 });
      await expect(page.getByTestId('cost-balance')).toHaveText(t('cost.balance', { credits: SIGNUP_CREDITS - PHOTO }));
      expect(await chatState(page, other)).toEqual({ credits: SIGNUP_CREDITS - PHOTO, free: FREE_MESSAGES - 1, messages: 2 });
    });

    test('a gift shows its price in the picker and is confirmed before it goes; cancel sends nothing', async ({ openPage }) => {
      test.setTimeout(60_000);
      // The demo Premium member: credits for a gift (its balance is shared with other tests, so only messages are counted here).
      const page = await openPage();
      await logInByApi(page, DEMO_PREMIUM);
      const eve = await confirmedMember(openPage, 'Eve');
      await page.setViewportSize(viewport);
      await page.goto(`/members/${eve.id}/chat?gift=1`);
      const picker = page.getByTestId('gift-picker');
      await expect(picker.getByTestId('gift-rose')).toContainText(t('credits', { credits: 25 }));
      await picker.getByTestId('gift-rose').click();
      const dialog = page.getByTestId('cost-confirm');
      // Whatever the shared balance is now: the text with the gift and its price, and a number for the balance.
      const priced = t('confirm.gift', { gift: t('gifts.rose'), cost: 25, credits: 999_999 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      await expect(dialog.getByTestId('cost-confirm-text')).toHaveText(new RegExp(`^${priced.replace('999999', '\\d+')}$`));
      await expectFitsScreen(page, dialog);
      await dialog.getByTestId('cost-confirm-cancel').click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('message')).toHaveCount(0);
      expect((await chatState(page, eve.id)).messages).toBe(0);

      await page.getByTestId('gift-button').click();
      await picker.getByTestId('gift-rose').click();
      await dialog.getByTestId('cost-confirm-send').click();
      await expect(page.locator('[data-testid="message"][data-kind="gift"]')).toHaveAttribute('data-state', /sent|delivered|read/);
      expect((await chatState(page, eve.id)).messages).toBe(1);
    });
  });
}
