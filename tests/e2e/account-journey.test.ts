import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';

const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;

function texts(locale: string) {
  const files = Object.fromEntries(['common', 'signup', 'settings', 'account'].map((ns) => [ns, localeFile(locale, ns)]));
  return (nsKey: string, vars: Record<string, string | number> = {}) => {
    const [ns, key] = nsKey.split(':') as [string, string];
    return lookup(files[ns]!, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));
  };
}

async function lastLink(to: string, count: number, path: string): Promise<string> {
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, to)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  const link = new URL(firstLink((await outboxMailsTo(OUTBOX, to)).at(-1)!, path));
  return link.pathname + link.search;
}

async function logOut(page: Page) {
  await page.getByTestId('account-menu').getByRole('button').click();
  await page.getByTestId('logout').click();
  await expect(page.getByTestId('login-button')).toBeVisible();
}

/**
 * A member's whole life with the account, in the member's language: signup with a photo,
 * activation, logout and login, a forgotten password, a new e-mail address, deletion and
 * reactivation. Every mail is read from the development outbox.
 */
for (const locale of ['en', 'de', 'nl']) {
  test.describe(locale, () => {
    test.use({ uiLocale: locale });
    test(`signup -> activation -> login -> logout -> reset password -> change e-mail -> delete -> reactivate (${locale})`, async ({ page, logIn }) => {
      test.setTimeout(120_000);
      const t = texts(locale);
      const stamp = `${locale}${Date.now()}`;
      let email = `journey-${stamp}@example.com`;
      let password = 'first secret of mine';

      // Signup on the page, with a photo.
      await page.goto('/signup');
      await page.getByLabel(t('signup:start.iAm')).selectOption('female');
      await page.getByLabel(t('signup:start.lookingFor')).selectOption('both');
      await page.getByTestId('signup-next').click();
      const photo = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#c2185b' } }).jpeg().toBuffer();
      await page.getByLabel(t('signup:photo.title')).setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
      await page.getByTestId('signup-next').click();
      await page.getByLabel(t('signup:personal.name'), { exact: true }).fill(`Jo${stamp.slice(-6)}`);
      await page.getByLabel(t('signup:personal.email'), { exact: true }).fill(email);
      await page.getByLabel(t('signup:personal.password'), { exact: true }).fill(password);
      await page.getByLabel(t('signup:personal.day')).selectOption('28');
      await page.getByLabel(t('signup:personal.month')).selectOption('02');
      await page.getByLabel(t('signup:personal.year')).selectOption('1988');
      await page.getByTestId('signup-next').click();
      await page.getByTestId('signup-next').click();
      await page.getByTestId('signup-next').click();
      await expect(page).toHaveURL(/\/complete-signup$/);
      await expect
        .poll(async () => ((await (await page.request.get('/api/photos.php')).json()) as { photos: unknown[] }).photos.length)
        .toBe(1);

      // Activation by the mailed link.
      await page.goto(await lastLink(email, 1, '/activate/done'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('signup:activation.doneTitle'));

      // Logout, login.
      await logOut(page);
      await logIn({ email, password });
      await logOut(page);

      // A forgotten password.
      await page.goto('/reset-password');
      await page.getByLabel(t('common:resetPassword.email')).fill(email);
      await page.getByRole('button', { name: t('common:resetPassword.submit') }).click();
      await expect(page.getByTestId('reset-sent')).toBeVisible();
      await page.goto(await lastLink(email, 2, '/reset-password/do'));
      password = 'second secret of mine';
      await page.getByLabel(t('common:resetPassword.password'), { exact: true }).fill(password);
      await page.getByLabel(t('common:resetPassword.confirmation')).fill(password);
      await page.getByRole('button', { name: t('common:resetPassword.save') }).click();
      await expect(page.getByTestId('reset-done')).toBeVisible();
      await logIn({ email, password });

      // A new e-mail address, confirmed by the link sent to it.
      const newEmail = `journey-new-${stamp}@example.com`;
      await page.goto('/settings');
      await page.getByLabel(t('settings:email.new')).fill(newEmail);
      await page.getByLabel(t('settings:email.password')).fill(password);
      await page.getByRole('button', { name: t('settings:email.submit') }).click();
      await expect(page.getByTestId('email-change-done')).toContainText(newEmail);
      await page.goto(await lastLink(newEmail, 1, '/mail-change/do'));
      await page.getByRole('button', { name: t('settings:mailChange.submit') }).click();
      await expect(page.getByTestId('mail-change-done')).toContainText(newEmail);
      email = newEmail;

      // Deletion, after the offer to stay.
      await page.goto('/settings');
      await page.getByTestId('delete-account-section').getByRole('button', { name: t('account:delete.open') }).click();
      const dialog = page.getByTestId('delete-account-dialog');
      await expect(dialog.getByTestId('delete-discount-offer')).toBeVisible();
      await dialog.getByRole('button', { name: t('account:delete.continue') }).click();
      await dialog.getByLabel(t('account:delete.password')).fill(password);
      await dialog.getByRole('button', { name: t('account:delete.confirm') }).click();
      await expect(page).toHaveURL(/\/account-deleted$/);
      await expect(page.getByTestId('login-button')).toBeVisible();

      // Reactivation by the mailed link; then the account works as before.
      await page.goto(await lastLink(email, 2, '/account-deleted'));
      await page.getByRole('button', { name: t('account:deleted.reactivate') }).click();
      await expect(page.getByTestId('member-nav')).toBeVisible();
      await logOut(page);
      await logIn({ email, password });
    });
  });
}
