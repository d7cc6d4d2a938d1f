import type { Page } from '@playwright/test';
import { expect, OUTBOX, signUpConfirmed, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { E2E_MAIL_FEEDBACK_TOKEN } from './mail-feedback-token';
import { SINK_NAME } from './smtp-sink';
import { mailReport, type StoredReport } from '../../server/test-support/mail-reports';
import { outboxMailsTo } from '../../server/test-support/outbox';

const settings = localeFile('en', 'settings');
const common = localeFile('en', 'common');
const signup = localeFile('en', 'signup');
const st = (key: string) => lookup(settings, `notifications.${key}`);

/** Hands a stored report for `email` to the server as the mail server's hook does (no Origin, no cookie: the token). */
async function postReport(page: Page, name: StoredReport, email: string) {
  const res = await page.request.fetch('/api/mail-feedback.php', {
    method: 'POST',
    headers: { authorization: `Bearer ${E2E_MAIL_FEEDBACK_TOKEN}`, 'content-type': 'message/rfc822' },
    data: Buffer.from(mailReport(name, email)),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as { outcome: string; reason: string | null };
}

/** Why the logged-in member's e-mail stopped, as the API tells it. */
async function disabledReasons(page: Page): Promise<string[]> {
  return ((await (await page.request.get('/api/notifications.php')).json()) as { notifications_disabled: string[] }).notifications_disabled;
}

/** Signs up through the form (English), ticking the consent box or not; the new member is logged in. */
async function signUpByForm(page: Page, consent: boolean): Promise<void> {
  const s = (key: string) => lookup(signup, key);
  const unique = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  await page.goto('/signup');
  await page.getByLabel(s('start.iAm')).selectOption('female');
  await page.getByLabel(s('start.lookingFor')).selectOption('men');
  await page.getByTestId('signup-next').click();
  await page.getByRole('button', { name: s('photo.later') }).click();
  await page.getByLabel(s('personal.name')).fill(`Consent${unique}`);
  await page.getByLabel(s('personal.email')).fill(`e2e-consent-${unique}@rendezvous.example`);
  await page.getByLabel(s('personal.password'), { exact: true }).fill('a good long secret');
  await page.getByLabel(s('personal.day')).selectOption('09');
  await page.getByLabel(s('personal.month')).selectOption('03');
  await page.getByLabel(s('personal.year')).selectOption('1994');
  await page.getByTestId('signup-next').click();
  await page.getByTestId('signup-next').click();
  const box = page.getByLabel(s('about.promotions'));
  // Consent is never assumed: the box starts unticked.
  await expect(box).not.toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
  if (consent) await box.check();
  await page.getByTestId('signup-next').click();
  await expect(page).toHaveURL(/\/complete-signup$/);
}

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 320, height: 640 }],
] as const) {
  test.describe(`${device} (${viewport.width} px)`, () => {
    test.use({ viewport, uiLocale: 'en' });

    for (const [name, reason] of [
      ['postfix-5.1.1-user-unknown.eml', 'bounce'],
      ['arf-abuse-yahoo.eml', 'fbl'],
    ] as const) {
      test(`a ${reason === 'bounce' ? 'hard bounce' : 'spam complaint'} stops the member's mail; the alert and /notifications say why; turning mail on clears it`, async ({ page }) => {
        // The activation mail went over SMTP to the test's sink, which wrote it to the outbox.
        const member = await signUpConfirmed(page, reason);
        expect((await outboxMailsTo(OUTBOX, member.email))[0]).toMatch(new RegExp(`^Received: from .+ by ${SINK_NAME} with SMTP;`));

        // A soft bounce first: nothing changes.
        expect(await postReport(page, 'postfix-4.2.2-mailbox-full.eml', member.email)).toMatchObject({ outcome: 'ignored' });
        expect(await disabledReasons(page)).toEqual([]);

        expect(await postReport(page, name, member.email)).toEqual({ outcome: 'recorded', reason, members: 1 });
        expect(await disabledReasons(page)).toEqual([reason]);
        await page.goto('/chats');
        const alert = page.getByTestId('notifications-disabled-alert');
        await expect(alert).toContainText(lookup(common, 'alerts.notificationsDisabled.text'));
        await alert.getByRole('link', { name: lookup(common, 'alerts.notificationsDisabled.open') }).click();
        await expect(page).toHaveURL(/\/notifications$/);
        const notice = page.getByTestId('notifications-disabled');
        await expect(notice).toContainText(st('disabledTitle'));
        await expect(notice).toContainText(st(`reasons.${reason}`));
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        await notice.getByRole('button', { name: st('resume') }).click();
        await expect(page.getByTestId('resume-done')).toHaveText(st('resumed'));
        expect(await disabledReasons(page)).toEqual([]);
        await page.reload();
        await expect(page.getByTestId('notifications-disabled')).toHaveCount(0);
      });
    }

    for (const consent of [false, true]) {
      test(`the signup's consent box ${consent ? 'ticked turns promotions on' : 'left unticked keeps promotions off'}, every other type on`, async ({ page }) => {
        test.slow();
        await signUpByForm(page, consent);
        await page.goto('/notifications');
        const promotions = page.getByRole('switch', { name: st('types.promotions') });
        if (consent) await expect(promotions).toBeChecked();
        else await expect(promotions).not.toBeChecked();
        for (const type of ['new_messages', 'likes', 'news', 'weekly_updates']) await expect(page.getByRole('switch', { name: st(`types.${type}`) })).toBeChecked();
      });
    }
  });
}
