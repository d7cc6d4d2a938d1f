import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, submitLogin, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';

const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;
const account = localeFile('en', 'account');
const t = (key: string, vars: Record<string, string | number> = {}) =>
  lookup(account, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));

// One account goes through deletion, refusal, reactivation and export: one test after another.
test.describe.configure({ mode: 'serial' });

let member: { email: string; password: string };

/**
 * A fresh member from the signup API, so the demo accounts other test files use are
 * never deleted; the demo free member (reactivated at the end) only if there is no signup API.
 */
async function freshMember(page: Page): Promise<{ email: string; password: string }> {
  const email = `e2e-delete-${Date.now()}@rendezvous.example`;
  const password = 'a fine password 42';
  const res = await page.request.post('/api/signup.php', {
    headers: { origin: new URL(page.url()).origin },
    data: { email, name: 'Delia', password, date_of_birth: '1990-04-12', gender: 'female', sexuality: 'hetero', country: 'NL' },
  });
  if (res.status() === 404) return { email: 'free@rendezvous.example', password: 'rendezvous' };
  expect(res.status(), await res.text()).toBe(200);
  return { email, password };
}

async function waitForMails(email: string, count: number): Promise<string[]> {
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return outboxMailsTo(OUTBOX, email);
}

test.use({ uiLocale: 'en' });

test('delete the account after the discount offer, be refused at login, reactivate by the e-mailed link', async ({ page, logIn }) => {
  await page.goto('/');
  member = await freshMember(page);
  await page.context().clearCookies({ name: 'auth.session' });
  await logIn(member);
  await expect(page.getByTestId('member-nav')).toBeVisible();

  await page.goto('/settings');
  const section = page.getByTestId('delete-account-section');
  await section.getByRole('button', { name: t('delete.open') }).click();
  const dialog = page.getByTestId('delete-account-dialog');
  // The demo company keeps members with a 50% offer first.
  await expect(dialog.getByTestId('delete-discount-offer')).toHaveText(t('delete.offer', { percent: 50 }));
  // Accepting claims a personal code (discount-codes.test.ts follows that way); this member goes on.
  await expect(dialog.getByRole('button', { name: t('delete.offerCta') })).toBeEnabled();
  await dialog.getByRole('button', { name: t('delete.continue') }).click();

  await dialog.getByLabel(t('delete.reasons.taking_break')).check();
  await dialog.getByLabel(t('delete.password')).fill('not the password');
  await dialog.getByRole('button', { name: t('delete.confirm') }).click();
  await expect(dialog.getByTestId('delete-account-error')).toHaveText(t('errors.wrongPassword'));
  await dialog.getByLabel(t('delete.password')).fill(member.password);
  await dialog.getByRole('button', { name: t('delete.confirm') }).click();

  await expect(page).toHaveURL(/\/account-deleted$/);
  await expect(page.getByTestId('account-deleted')).toHaveText(t('deleted.body', { days: 14 }));
  await expect(page.getByTestId('login-button')).toBeVisible();

  // Logging in is refused with the deleted message; no session starts.
  await submitLogin(page, member);
  await expect(page.getByTestId('login-error')).toHaveText(t('errors.accountDeleted', { email: member.email, days: 14 }));
  await expect(page.getByTestId('login-button')).toBeVisible();
  // The login page offers the way back: the reactivation page, with the address filled in.
  await page.getByTestId('login-reactivate').click();
  await expect(page).toHaveURL(/\/account-deleted\?email=/);
  await expect(page.getByLabel(t('deleted.email'))).toHaveValue(member.email);

  // A new link from the page after deletion.
  await page.goto('/account-deleted');
  await page.getByLabel(t('deleted.email')).fill(member.email);
  await page.getByRole('button', { name: t('deleted.resend') }).click();
  await expect(page.getByTestId('reactivation-sent')).toHaveText(t('deleted.sent'));
  const mails = await waitForMails(member.email, 2);
  expect(mails.at(-1)).toContain(t('mail.reactivation.button'));
  const link = new URL(firstLink(mails.at(-1)!, '/account-deleted'));

  // Opening the link changes nothing by itself (mail scanners open links); the button does.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('deleted.reactivateTitle'));
  await page.getByRole('button', { name: t('deleted.reactivate') }).click();
  // Reactivated and logged in: the home of a member is the search.
  await expect(page).toHaveURL(/\/(members)?$/);
  await expect(page.getByTestId('member-nav')).toBeVisible();

  // The link works once.
  await page.context().clearCookies({ name: 'auth.session' });
  await page.goto(link.pathname + link.search);
  await page.getByRole('button', { name: t('deleted.reactivate') }).click();
  await expect(page.getByTestId('reactivate-error')).toHaveText(t('errors.reactivationLinkInvalid'));
});

test('download the data export as JSON, after the password is asked again', async ({ page, logIn }) => {
  await logIn(member);
  await expect(page.getByTestId('member-nav')).toBeVisible();
  await page.goto('/settings');
  const section = page.getByTestId('data-export-section');
  await section.getByLabel(t('export.password')).fill('not my password');
  await section.getByRole('button', { name: t('export.download') }).click();
  await expect(section.getByTestId('data-export-error')).toHaveText(t('errors.wrongPassword'));
  await section.getByLabel(t('export.password')).fill(member.password);
  const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: t('export.download') }).click()]);
  expect(download.suggestedFilename()).toMatch(/^rendezvous-data-\d+-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as { format: string; account: { email: string; status: string }; sessions: unknown[] };
  expect(data.format).toBe('rendezvous-data-export');
  expect(data.account.email).toBe(member.email);
  expect(data.sessions.length).toBeGreaterThan(0);
  expect(JSON.stringify(data)).not.toContain('token_hash');
});
