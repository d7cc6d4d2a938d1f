import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';

const EMAIL = 'free@rendezvous.example';
const PASSWORD = 'rendezvous';
const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;

// These tests change the shared free demo account (switches, invisible mode) and put every
// change back: run them one after another.
test.describe.configure({ mode: 'serial' });
test.use({ uiLocale: 'en' });

const FREE_MEMBER = { email: EMAIL, password: PASSWORD };

/**
 * An account of this file's own for the password and e-mail changes: while those run, the
 * account's login does not work with its usual credentials, and the other test files log
 * in as the demo members at the same time.
 */
let own: { email: string; password: string } | null = null;
async function ownAccount(request: APIRequestContext, baseURL: string): Promise<{ email: string; password: string }> {
  if (own) return own;
  const account = { email: `settings-${Date.now()}@rendezvous.example`, password: 'settings secret 1' };
  for (let attempt = 0; ; attempt += 1) {
    const res = await request.post('/api/signup.php', {
      headers: { origin: baseURL, cookie: 'i18n_redirected=en' },
      data: { ...account, name: `Settings${Date.now() % 100000}`, date_of_birth: '1990-04-02', gender: 'female', sexuality: 'hetero', country: 'NL', region: 'NH', city: 'Haarlem' },
    });
    // Sign-ups are limited per address and other files sign up too: wait for the next window.
    if (res.status() === 429 && attempt < 3) {
      await new Promise((r) => setTimeout(r, 1000 * Number(res.headers()['retry-after'] ?? 20)));
      continue;
    }
    expect(res.status(), await res.text()).toBe(200);
    own = account;
    return account;
  }
}

const en = localeFile('en', 'settings');
const t = (key: string) => lookup(en, key);

test.describe('settings', () => {
  test('a logged-out visitor is sent to the login first', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login\?returnTo=%2Fsettings$/);
  });

  test('changes the password (wrong old one refused), keeps the session, and changes it back', async ({ page, request, baseURL, logIn }) => {
    const account = await ownAccount(request, baseURL!);
    await logIn(account, '/settings');
    const fill = async (old: string, next: string, repeat = next) => {
      await page.getByLabel(t('password.old')).fill(old);
      await page.getByLabel(t('password.new'), { exact: true }).fill(next);
      await page.getByLabel(t('password.confirmation')).fill(repeat);
      await page.getByRole('button', { name: t('password.submit') }).click();
    };
    await fill('not the password', 'another secret 1');
    await expect(page.getByTestId('password-change-error')).toHaveText('Please check your old password.');
    await fill(account.password, 'another secret 1');
    await expect(page.getByTestId('password-change-done')).toHaveText(t('password.done'));
    // The fields are emptied and this browser is still logged in.
    await expect(page.getByLabel(t('password.old'))).toHaveValue('');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('title'));
    await fill('another secret 1', account.password);
    await expect(page.getByTestId('password-change-done')).toBeVisible();
  });

  test('changes the e-mail address through the mailed link, and back', async ({ page, request, baseURL, logIn }) => {
    const account = await ownAccount(request, baseURL!);
    await logIn(account, '/settings');
    const changeTo = async (address: string) => {
      await page.getByLabel(t('email.new')).fill(address);
      await page.getByLabel(t('email.password')).fill(account.password);
      await page.getByRole('button', { name: t('email.submit') }).click();
      await expect(page.getByTestId('email-change-done')).toContainText(address);
      const link = new URL(firstLink((await outboxMailsTo(OUTBOX, address)).at(-1)!, '/mail-change/do'));
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: t('mailChange.submit') }).click();
      await expect(page.getByTestId('mail-change-done')).toContainText(address);
      // The link works once.
      await page.goto(link.pathname + link.search);
      await page.getByRole('button', { name: t('mailChange.submit') }).click();
      await expect(page.getByTestId('mail-change-error')).toContainText(t('errors.mailChangeLinkInvalid'));
      await page.goto('/settings');
      await expect(page.getByTestId('current-email')).toHaveText(address);
    };
    const temporary = `changed-${Date.now()}@rendezvous.example`;
    await changeTo(temporary);
    // The old address was told about it.
    expect((await outboxMailsTo(OUTBOX, account.email)).at(-1)).toContain(temporary);
    await changeTo(account.email);
  });

  test('toggles invisible mode; it stays after a reload', async ({ page, logIn }) => {
    await logIn(FREE_MEMBER, '/settings');
    const toggle = page.getByRole('switch', { name: t('invisible.label') });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByTestId('invisible-done')).toBeVisible();
    await page.reload();
    await expect(toggle).toBeChecked();
    await expect(page.getByTestId('invisible-state')).toHaveText(t('invisible.on'));
    await toggle.click();
    await expect(page.getByTestId('invisible-state')).toHaveText(t('invisible.off'));
    // Saved before the reload (the switch itself changes at once).
    await expect(page.getByTestId('invisible-done')).toBeVisible();
    await page.reload();
    await expect(toggle).not.toBeChecked();
  });

  test.describe('in German', () => {
    test.use({ uiLocale: 'de' });
    test('says in German that the new e-mail address is invalid', async ({ page, logIn }) => {
      await logIn(FREE_MEMBER, '/settings');
      const de = localeFile('de', 'settings');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(lookup(de, 'title'));
      await page.getByLabel(lookup(de, 'email.new')).fill('jemand@localhost');
      await page.getByLabel(lookup(de, 'email.password')).fill(PASSWORD);
      await page.getByRole('button', { name: lookup(de, 'email.submit') }).click();
      await expect(page.getByTestId('email-change-error')).toHaveText(lookup(de, 'errors.emailInvalid'));
      await page.getByLabel(lookup(de, 'password.old')).fill('falsch');
      await page.getByLabel(lookup(de, 'password.new'), { exact: true }).fill('neues Passwort 1');
      await page.getByLabel(lookup(de, 'password.confirmation')).fill('neues Passwort 2');
      await page.getByRole('button', { name: lookup(de, 'password.submit') }).click();
      await expect(page.getByTestId('password-change-error')).toHaveText(lookup(localeFile('de', 'common'), 'errors.passwordsDiffer'));
    });
  });
});

test.describe('notifications', () => {
  test('turns an e-mail notification type off and on; the choice stays after a reload', async ({ page, logIn }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /hydrat/i.test(message.text())) hydrationErrors.push(message.text());
    });
    await logIn(FREE_MEMBER, '/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('notifications.title'));
    const promotions = page.getByRole('switch', { name: t('notifications.types.promotions') });
    await expect(promotions).toBeChecked();
    await promotions.click();
    await expect(page.getByTestId('email-notifications-done')).toBeVisible();
    await page.reload();
    await expect(promotions).not.toBeChecked();
    await expect(page.getByRole('switch', { name: t('notifications.types.news') })).toBeChecked();
    await promotions.click();
    await expect(promotions).toBeChecked();
    await page.reload();
    await expect(promotions).toBeChecked();
    // This Chromium can receive push; no subscription exists yet.
    await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', /capable|unsupported|denied/);
    await expect(page.getByTestId('push-devices')).toHaveText(lookup(en, 'push.devices').replace('{{n}}', '0'));
    expect(hydrationErrors).toEqual([]);
  });

  test('shows message text in pushes only when turned on (off by default); the choice stays after a reload', async ({ page, logIn }) => {
    await logIn(FREE_MEMBER, '/notifications');
    const pushText = page.getByRole('switch', { name: t('pushText.label') });
    await expect(pushText).not.toBeChecked();
    await expect(page.getByTestId('push-text-state')).toHaveText(t('pushText.off'));
    await pushText.click();
    await expect(page.getByTestId('push-text-done')).toBeVisible();
    await page.reload();
    await expect(pushText).toBeChecked();
    await expect(page.getByTestId('push-text-state')).toHaveText(t('pushText.on'));
    await pushText.click();
    await expect(page.getByTestId('push-text-done')).toBeVisible();
    await page.reload();
    await expect(pushText).not.toBeChecked();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the forms post to the page and show the answer', async ({ page, request, baseURL, logIn }) => {
    const account = await ownAccount(request, baseURL!);
    await logIn(account, '/settings');
    await page.getByLabel(t('password.old')).fill('not the password');
    await page.getByLabel(t('password.new'), { exact: true }).fill('another secret 1');
    await page.getByLabel(t('password.confirmation')).fill('another secret 1');
    await page.getByRole('button', { name: t('password.submit') }).click();
    await expect(page.getByTestId('password-change-error')).toHaveText('Please check your old password.');

    await page.goto('/notifications');
    // Each section has its own Save button without JavaScript.
    const emailSave = page.getByRole('region', { name: t('notifications.emailTitle') }).getByRole('button', { name: t('save') });
    await page.getByRole('switch', { name: t('notifications.types.weekly_updates') }).uncheck();
    await emailSave.click();
    await expect(page.getByTestId('email-notifications-done')).toBeVisible();
    await expect(page.getByRole('switch', { name: t('notifications.types.weekly_updates') })).not.toBeChecked();
    await page.getByRole('switch', { name: t('notifications.types.weekly_updates') }).check();
    await emailSave.click();
    await expect(page.getByRole('switch', { name: t('notifications.types.weekly_updates') })).toBeChecked();

    const pushTextSave = page.getByRole('region', { name: t('pushText.title') }).getByRole('button', { name: t('save') });
    await page.getByRole('switch', { name: t('pushText.label') }).check();
    await pushTextSave.click();
    await expect(page.getByTestId('push-text-done')).toBeVisible();
    await expect(page.getByRole('switch', { name: t('pushText.label') })).toBeChecked();
  });
});
