import type { Page } from '@playwright/test';
import { gradientJpeg } from '../../server/test-support/test-images';
import { confirmedMember } from './chat-members';
import { DEMO_PREMIUM, expect, logInByApi, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

const chat = localeFile('en', 'chat');
const t = (key: string, vars: Record<string, string | number> = {}) => lookup(chat, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));

test.use({ uiLocale: 'en' });

/** The demo Premium member (500 credits), logged in in a new context. */
async function premium(openPage: () => Promise<Page>): Promise<{ page: Page; id: number }> {
  const page = await openPage();
  return { page, id: await logInByApi(page, DEMO_PREMIUM) };
}

/** The number in the title's brackets (0 without), and the member's unread messages and new likes as the API counts them. */
async function attention(page: Page): Promise<{ title: number; sum: number; unread: number }> {
  const { user } = (await (await page.request.get('/api/user.php')).json()) as { user: { unread_messages: number; new_likes: number } };
  const match = /^\((\d+)\)/.exec(await page.title());
  return { title: match ? Number(match[1]) : 0, sum: user.unread_messages + user.new_likes, unread: user.unread_messages };
}

/** Spec 2: the title prefix is unread messages plus new likes; the member has `unread` unread messages. */
async function expectTitleCount(page: Page, unread: number) {
  await expect.poll(async () => {
    const a = await attention(page);
    return a.unread === unread && a.title === a.sum;
  }).toBe(true);
}

test('two members chat live: text, photo and gift, typing, unread badge and title, read ticks, deleting the chat', async ({ openPage }) => {
  test.setTimeout(120_000);
  const sender = await premium(openPage);
  const anna = await confirmedMember(openPage, 'Anna');
  const errors: string[] = [];
  for (const page of [sender.page, anna.page]) page.on('pageerror', (error) => errors.push(error.message));

  // Anna waits on another page of the site: the badge and the title must follow live.
  await anna.page.goto('/members');
  await expect(anna.page.getByTestId('member-nav')).toBeVisible();
  await expect(anna.page.getByTestId('messages-badge')).toHaveCount(0);

  // The demo member's balance now (other runs may have spent some), for the price confirmation below.
  const { wallet } = (await (await sender.page.request.get(`/api/chat.php?profile=${anna.id}`)).json()) as { wallet: { credits: number } };

  // An empty conversation offers opening lines; the chosen one goes into the composer.
  await sender.page.goto(`/members/${anna.id}/chat`);
  const icebreaker = sender.page.getByTestId('icebreaker-modal');
  await expect(icebreaker).toBeVisible();
  const line = t('icebreaker.line2', { name: anna.name });
  await icebreaker.getByRole('button', { name: line }).click();
  await expect(sender.page.getByTestId('composer-text')).toHaveValue(line);
  // The dialog is gone and the composer has the focus: Enter sends the line.
  await expect(icebreaker).toHaveCount(0);
  await expect(sender.page.getByTestId('composer-text')).toBeFocused();
  await sender.page.keyboard.press('Enter');
  // A Premium member has no free messages: the first paid send in the chat asks once (the photo and gift below do not).
  const confirm = sender.page.getByTestId('cost-confirm');
  await expect(confirm.getByTestId('cost-confirm-text')).toHaveText(t('confirm.message', { cost: 10, credits: wallet.credits }));
  await confirm.getByTestId('cost-confirm-send').click();
  const sent = sender.page.getByTestId('message').filter({ hasText: line });
  await expect(sent).toHaveAttribute('data-state', /sent|delivered|read/);
  await expect(sender.page.getByTestId('composer-text')).toHaveValue('');

  await expect(anna.page.getByTestId('messages-badge')).toHaveText('1');
  await expectTitleCount(anna.page, 1);

  // A photo and a gift.
  await sender.page.getByTestId('photo-input').setInputFiles({ name: 'sunset.jpg', mimeType: 'image/jpeg', buffer: await gradientJpeg(640, 480) });
  await expect(sender.page.locator('[data-testid="message"][data-kind="photo"]')).toHaveAttribute('data-state', /sent|delivered|read/, { timeout: 15_000 });
  await sender.page.getByTestId('gift-button').click();
  await sender.page.getByTestId('gift-picker').getByTestId('gift-rose').click();
  await expect(sender.page.locator('[data-testid="message"][data-kind="gift"]')).toHaveAttribute('data-state', /sent|delivered|read/);
  await expect(sender.page.getByTestId('gift-message')).toContainText(t('gifts.rose'));
  await expect(confirm).toHaveCount(0);

  await expect(anna.page.getByTestId('messages-badge')).toHaveText('3');
  await expectTitleCount(anna.page, 3);

  // Anna opens her chats: the conversation with its unread count, the preview names the gift.
  await anna.page.getByRole('link', { name: /Messages/ }).click();
  const item = anna.page.locator(`[data-testid="chat-item"][data-profile="${sender.id}"]`);
  await expect(item.getByTestId('chat-unread')).toContainText('3');
  await expect(item.getByTestId('chat-preview')).toContainText(t('gifts.rose'));
  await item.getByRole('link').click();
  await expect(anna.page.getByTestId('message')).toHaveCount(3);
  await expect(anna.page.getByTestId('message').first()).toContainText(line);
  await expect(anna.page.locator('[data-kind="photo"] img')).toBeVisible();
  // Opening the chat read it: no unread count, no title prefix, and the sender's ticks say read.
  await expect(item.getByTestId('chat-unread')).toHaveCount(0);
  await expectTitleCount(anna.page, 0);
  await expect(sent).toHaveAttribute('data-state', 'read');

  // The photo opens large.
  await anna.page.locator('[data-kind="photo"] button').click();
  const viewer = anna.page.getByRole('dialog');
  await expect(viewer.getByTestId('photo-viewer')).toBeVisible();
  // Escape closes it once the dialog has the focus (it takes it when it has opened); then it is gone.
  await expect(viewer).toBeFocused();
  await anna.page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  // Typing shows on the other side; the reply arrives live.
  // (Typing signals go out at most every 2 s, as a member types: keep typing for a while.)
  const composer = anna.page.getByTestId('composer-text');
  await composer.pressSequentially('Thank you for the ', { delay: 150 });
  // Typing signals are best effort (never stored): on a loaded machine keep typing until one shows.
  await expect(async () => {
    await composer.press('Space');
    await composer.press('Backspace');
    await expect(sender.page.getByTestId('typing-indicator')).toHaveText(t('typing', { name: anna.name }), { timeout: 2_500 });
  }).toPass({ timeout: 20_000 });
  await composer.pressSequentially('rose!', { delay: 20 });
  await composer.press('Enter');
  const reply = anna.page.getByTestId('message').filter({ hasText: 'Thank you for the rose!' });
  await expect(reply).toHaveAttribute('data-state', /sent|delivered|read/);
  await expect(sender.page.getByTestId('message').filter({ hasText: 'Thank you for the rose!' })).toBeVisible();
  await expect(sender.page.getByTestId('typing-indicator')).not.toHaveText(t('typing', { name: anna.name }), { timeout: 6_000 });

  // Deleting: the chat leaves the list at once, and stays gone after a reload.
  await sender.page.goto('/chats');
  const mine = sender.page.locator(`[data-testid="chat-item"][data-profile="${anna.id}"]`);
  await mine.getByTestId('delete-chat').click();
  await sender.page.getByTestId('confirm-delete-chat').click();
  await expect(mine).toHaveCount(0);
  await sender.page.reload();
  await expect(sender.page.getByTestId('chat-screen')).toBeVisible();
  await expect(mine).toHaveCount(0);
  // Server and browser rendered the same pages (no hydration errors), and nothing threw.
  expect(errors).toEqual([]);
});

test('a member without enough credits is offered to buy some', async ({ openPage }) => {
  const bea = await confirmedMember(openPage, 'Bea');
  const cleo = await confirmedMember(openPage, 'Cleo');
  // A new member has the signup credits, less than the dearest gifts cost.
  await bea.page.goto(`/members/${cleo.id}/chat?gift=1`);
  const picker = bea.page.getByTestId('gift-picker');
  await expect(picker).toBeVisible();
  await picker.getByTestId('gift-diamond').click();
  const prompt = bea.page.getByTestId('buy-prompt');
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(t('errors.notEnoughCredits'));
  await expect(prompt.getByTestId('buy-credits')).toHaveAttribute('href', '/credits');
  await expect(bea.page.locator('[data-testid="message"][data-kind="gift"]')).toHaveAttribute('data-state', 'failed');
});

test("a free member's third conversation is refused, with the way to Premium", async ({ openPage }) => {
  test.setTimeout(90_000);
  const dora = await confirmedMember(openPage, 'Dora');
  const others = [await confirmedMember(openPage, 'Elin'), await confirmedMember(openPage, 'Fay'), await confirmedMember(openPage, 'Gwen')];
  for (const other of others.slice(0, 2)) {
    await dora.page.goto(`/members/${other.id}/chat`);
    await dora.page.getByTestId('icebreaker-modal').getByRole('button', { name: t('icebreaker.own') }).click();
    await dora.page.getByTestId('composer-text').fill(`Hello ${other.name}!`);
    await dora.page.getByTestId('send-button').click();
    await expect(dora.page.getByTestId('message')).toHaveAttribute('data-state', /sent|delivered|read/);
  }
  await dora.page.goto(`/members/${others[2]!.id}/chat`);
  const limit = dora.page.getByTestId('conversation-limit');
  await expect(limit).toContainText(t('errors.conversationLimit', { count: 2 }));
  await expect(limit.getByRole('link', { name: t('getPremium') })).toHaveAttribute('href', '/premium');
  await expect(dora.page.getByTestId('composer')).toHaveCount(0);
});

test('a blocked member cannot write', async ({ openPage }) => {
  const hana = await confirmedMember(openPage, 'Hana');
  const iris = await confirmedMember(openPage, 'Iris');
  const origin = new URL(hana.page.url()).origin;
  expect((await hana.page.request.post('/api/block.php', { headers: { origin }, data: { profile_id: iris.id } })).status()).toBe(200);
  await iris.page.goto(`/members/${hana.id}/chat`);
  await expect(iris.page.getByTestId('cannot-write')).toHaveText(t('errors.blocked'));
  await expect(iris.page.getByTestId('composer')).toHaveCount(0);
  const refused = await iris.page.request.post('/api/message.php', { headers: { origin }, data: { profile: hana.id, client_id: 'blocked-attempt-1', kind: 'text', text: 'Hello?' } });
  expect(refused.status()).toBe(403);
});

test('a chat with a member who went invisible stays readable behind a neutral card: no name, photo, age or profile link; blocking works from the chat', async ({ openPage }) => {
  const jade = await confirmedMember(openPage, 'Jade');
  const kim = await confirmedMember(openPage, 'Kim');
  const origin = new URL(jade.page.url()).origin;
  const sent = await jade.page.request.post('/api/message.php', { headers: { origin }, data: { profile: kim.id, client_id: `hidden-${Date.now()}`, kind: 'text', text: 'Hello from behind the curtain' } });
  expect(sent.status(), await sent.text()).toBe(200);
  const conversation = ((await sent.json()) as { message: { conversation: number } }).message.conversation;
  expect((await jade.page.request.put('/api/notifications.php', { headers: { origin }, data: { invisible: true } })).status()).toBe(200);

  await kim.page.goto(`/chats/${conversation}`);
  await expect(kim.page.getByTestId('message')).toContainText('Hello from behind the curtain');
  const header = kim.page.getByTestId('conversation-profile');
  await expect(header.locator('strong')).toHaveText(t('memberUnavailable'));
  await expect(header).toHaveAttribute('data-unavailable', 'true');
  await expect(header.locator('img, a')).toHaveCount(0);
  const item = kim.page.locator(`[data-testid="chat-item"][data-conversation="${conversation}"]`);
  await expect(item).toContainText(t('memberUnavailable'));
  await expect(item.locator('img')).toHaveCount(0);
  await expect(kim.page.locator('body')).not.toContainText(jade.name);
  await expect(kim.page.locator(`a[href="/members/${jade.id}"]`)).toHaveCount(0);

  // A member who deleted the account: the history stays, the card is neutral, writing is closed.
  const lena = await confirmedMember(openPage, 'Lena');
  const written = await lena.page.request.post('/api/message.php', { headers: { origin }, data: { profile: kim.id, client_id: `leaving-${Date.now()}`, kind: 'text', text: 'Goodbye soon' } });
  expect(written.status(), await written.text()).toBe(200);
  const farewell = ((await written.json()) as { message: { conversation: number } }).message.conversation;
  expect((await lena.page.request.post('/api/delete-account.php', { headers: { origin }, data: { password: 'a fine password 42' } })).status()).toBe(200);
  await kim.page.goto(`/chats/${farewell}`);
  await expect(kim.page.getByTestId('message')).toContainText('Goodbye soon');
  await expect(kim.page.getByTestId('conversation-profile').locator('strong')).toHaveText(t('memberUnavailable'));
  await expect(kim.page.getByTestId('cannot-write')).toHaveText(t('closed', { name: t('thisMember') }));
  await expect(kim.page.locator('body')).not.toContainText(lena.name);

  // The hidden sender can be blocked from the chat itself: the chat goes, and they cannot write again.
  await kim.page.goto(`/chats/${conversation}`);
  kim.page.once('dialog', (dialog) => void dialog.accept());
  await kim.page.getByTestId('conversation-block').click();
  await expect(kim.page).toHaveURL(/\/chats$/);
  await expect(kim.page.locator(`[data-testid="chat-item"][data-conversation="${conversation}"]`)).toHaveCount(0);
  const again = await jade.page.request.post('/api/message.php', { headers: { origin }, data: { profile: kim.id, client_id: `again-${Date.now()}`, kind: 'text', text: 'Still there?' } });
  expect(again.status()).toBe(403);
});

test('a visitor is sent to the login first', async ({ page }) => {
  await page.goto('/chats');
  await expect(page).toHaveURL(/\/login\?returnTo=%2Fchats/);
  await expect(page.getByTestId('login-reason')).toHaveText(lookup(localeFile('en', 'common'), 'login.chatRequired'));
});
