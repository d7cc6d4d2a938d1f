/**
 * Notification mails end to end: a like and a first message reach a German member as German
 * mails with working links; the RFC 8058 one-click address turns that type off (and
 * /notifications and the disabled-notifications alert say why); the footer link's page asks,
 * then unsubscribes.
 */
import type { ParsedMail } from 'mailparser';
import { headerLine, parsedMailsTo } from '../../server/test-support/notice-mails';
import { confirmedMember } from './chat-members';
import { expect, OUTBOX, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

const mails = localeFile('de', 'notice-mails');
const settings = localeFile('de', 'settings');
const common = localeFile('de', 'common');
const unsubscribe = localeFile('de', 'unsubscribe');

/** A template as a pattern: the given variables filled in, the others (the site's name) any text. */
function pattern(template: string, vars: Record<string, string>): RegExp {
  const escaped = template.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_m, name: string) => (vars[name] ? vars[name].replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '.+'))}$`);
}

/** The member's notification mails of one type (Feedback-ID names it). */
async function noticeOf(email: string, type: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await parsedMailsTo(OUTBOX, email)).find((m) => headerLine(m, 'Feedback-ID')?.startsWith(`${type}:`));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test.use({ uiLocale: 'de' });

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 320, height: 640 }],
] as const) {
  test(`a like and a message mail a German member, and both unsubscribe ways work (${device})`, async ({ page, openPage, request }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const anna = await confirmedMember(async () => page, 'Anna');
    const bert = await confirmedMember(openPage, 'Bert');
    const origin = new URL(bert.page.url()).origin;
    const annaEmail = `e2e-chat-${anna.name.toLowerCase()}@rendezvous.example`;

    expect((await bert.page.request.post('/api/like.php', { headers: { origin }, data: { profile_id: anna.id, source: 'profile' } })).status()).toBe(200);
    const sent = await bert.page.request.post('/api/message.php', { headers: { origin }, data: { profile: anna.id, client_id: `e2e-${Date.now()}`, text: 'Hallo Anna, magst du Kaffee?' } });
    expect(sent.status(), await sent.text()).toBe(200);
    const conversation = ((await sent.json()) as { message: { conversation: number } }).message.conversation;

    // In German, with the right links, and never the message's text.
    const likeMail = await noticeOf(annaEmail, 'likes');
    expect(likeMail.subject).toMatch(pattern(lookup(mails, 'likes.one.subject'), { liker: bert.name }));
    expect(likeMail.text).toContain(`${lookup(mails, 'likes.one.button')}: http://localhost:`);
    expect(likeMail.text).toMatch(new RegExp(`/members/${bert.id}\\b`));
    const chatMail = await noticeOf(annaEmail, 'new_conversations');
    expect(chatMail.subject).toMatch(pattern(lookup(mails, 'newConversation.subject'), { sender: bert.name }));
    expect(chatMail.text).not.toContain('Kaffee');
    const chatLink = /https?:\/\/\S+\/chats\/\d+/.exec(chatMail.text ?? '')![0];
    expect(new URL(chatLink).pathname).toBe(`/chats/${conversation}`);
    await page.goto(new URL(chatLink).pathname);
    await expect(page.getByText(bert.name).filter({ visible: true }).first()).toBeVisible();

    // The mail client's one-click unsubscribe: a POST with the RFC 8058 body, no cookie.
    expect(headerLine(likeMail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = /<([^>]+)>/.exec(headerLine(likeMail, 'List-Unsubscribe')!)![1]!;
    const res = await request.post(oneClick, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, data: 'List-Unsubscribe=One-Click' });
    expect(res.status(), await res.text()).toBe(200);

    await page.goto('/notifications');
    await expect(page.getByRole('switch', { name: lookup(settings, 'notifications.types.likes') })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: lookup(settings, 'notifications.types.new_messages') })).toBeChecked();
    await expect(page.getByTestId('notifications-disabled')).toContainText(lookup(settings, 'notifications.reasons.listunsubscribe'));
    await page.goto('/members');
    await expect(page.getByTestId('notifications-disabled-alert')).toContainText(lookup(common, 'alerts.notificationsDisabled.text'));

    // The footer link: a page that asks first (opening it changes nothing), then unsubscribes.
    const footerLink = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(chatMail.text ?? '')![0];
    const reader = await openPage();
    await reader.setViewportSize(viewport);
    await reader.goto(new URL(footerLink).pathname + new URL(footerLink).search);
    await expect(reader.getByText(pattern(lookup(unsubscribe, 'question'), { type: lookup(settings, 'notifications.types.new_conversations') }))).toBeVisible();
    const before = (await (await page.request.get('/api/notifications.php')).json()) as { email_notifications: Record<string, boolean> };
    expect(before.email_notifications.new_conversations).toBe(true);
    expect(await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await reader.getByRole('button', { name: lookup(unsubscribe, 'submit') }).click();
    await expect(reader.getByTestId('unsubscribe-done')).toContainText(lookup(settings, 'notifications.types.new_conversations'));
    const after = (await (await page.request.get('/api/notifications.php')).json()) as { email_notifications: Record<string, boolean> };
    expect(after.email_notifications.new_conversations).toBe(false);

    // An altered link is refused, in German.
    await reader.goto(`/unsubscribe?token=${anna.id}.news.AAAAAAAAAAAAAAAAAAAAAA`);
    await expect(reader.getByTestId('unsubscribe-error')).toHaveText(lookup(unsubscribe, 'errors.invalidLink'));
  });
}
