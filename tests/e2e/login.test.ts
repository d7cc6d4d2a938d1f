import { expect, test, setLocale } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';

const PASSWORD = 'rendezvous';
const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;


test.describe('login and logout', () => {
  test('a premium demo member logs in, sees the member navigation, and logs out', async ({ page, context }) => {
    await setLocale(context, 'en');
    await page.goto('/');
    await page.getByTestId('login-button').click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('E-mail address').fill('premium@rendezvous.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    const nav = page.getByTestId('member-nav');
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Search members' })).toBeVisible();
    await expect(page.getByTestId('nav-credits')).toBeVisible();
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'auth.session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    // The session cookie is out of reach of page scripts.
    expect(await page.evaluate(() => document.cookie)).not.toContain('auth.session');

    await page.getByTestId('account-menu').getByRole('button').click();
    await page.getByTestId('logout').click();
    await expect(page.getByTestId('login-button')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('login-button')).toBeVisible();
  });

  test('a free member sees Get Premium', async ({ page, context }) => {
    await setLocale(context, 'en');
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill('free@rendezvous.example');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByTestId('nav-premium')).toBeVisible();
  });

  for (const locale of ['en', 'de', 'nl']) {
    test(`a wrong password says so in ${locale}`, async ({ page, context }) => {
      await setLocale(context, locale);
      const common = localeFile(locale, 'common');
      await page.goto('/login');
      // An unknown address: failures must not lock the demo accounts other tests use.
      await page.getByLabel(lookup(common, 'login.email')).fill(`nobody-${locale}@rendezvous.example`);
      await page.getByLabel(lookup(common, 'login.password')).fill('not the password');
      await page.getByRole('button', { name: lookup(common, 'login.submit') }).click();
      await expect(page.getByTestId('login-error')).toHaveText(lookup(common, 'errors.loginFailed'));
      await expect(page.getByTestId('login-button')).toBeVisible();
    });
  }
});

test.describe('password reset', () => {
  test('from the login page, by the e-mailed link, to a new login (de)', async ({ page, context }) => {
    await setLocale(context, 'de');
    const common = localeFile('de', 'common');
    const mail = localeFile('de', 'mail');
    // A member of its own: a reset ends every session of the account, and other tests are logged in
    // as the demo members at the same time.
    await page.goto('/login');
    const email = `e2e-reset-${String(Date.now())}@rendezvous.example`;
    const signup = await page.request.post('/api/signup.php', {
      headers: { origin: new URL(page.url()).origin },
      data: { email, name: 'Resetter', password: 'a first password 42', date_of_birth: '1990-04-12', gender: 'female', sexuality: 'hetero', country: 'DE' },
    });
    expect(signup.status(), await signup.text()).toBe(200);
    await page.context().clearCookies({ name: 'auth.session' });
    await page.goto('/login');
    await page.getByRole('link', { name: lookup(common, 'login.forgot') }).click();
    // The login page has a field with the same label: wait until the reset page is shown.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lookup(common, 'resetPassword.title'));
    await page.getByLabel(lookup(common, 'resetPassword.email')).fill('nobody@rendezvous.example');
    await page.getByRole('button', { name: lookup(common, 'resetPassword.submit') }).click();
    await expect(page.getByTestId('reset-error')).toHaveText(lookup(common, 'errors.emailNotFound'));
    await page.getByLabel(lookup(common, 'resetPassword.email')).fill(email);
    await page.getByRole('button', { name: lookup(common, 'resetPassword.submit') }).click();
    await expect(page.getByTestId('reset-sent')).toBeVisible();

    // The account was made in German: so is the mail.
    await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).find((m) => m.includes(lookup(mail, 'resetPassword.button')))).toBeTruthy();
    const mails = (await outboxMailsTo(OUTBOX, email)).filter((m) => m.includes(lookup(mail, 'resetPassword.button')));
    const link = firstLink(mails.at(-1)!, '/reset-password/do');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(lookup(common, 'resetPassword.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(lookup(common, 'resetPassword.confirmation')).fill('something else');
    await page.getByRole('button', { name: lookup(common, 'resetPassword.save') }).click();
    await expect(page.getByTestId('reset-error')).toHaveText(lookup(common, 'errors.passwordsDiffer'));
    await page.getByLabel(lookup(common, 'resetPassword.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(lookup(common, 'resetPassword.confirmation')).fill(PASSWORD);
    await page.getByRole('button', { name: lookup(common, 'resetPassword.save') }).click();
    await expect(page.getByTestId('reset-done')).toHaveText(lookup(common, 'resetPassword.done'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lookup(common, 'login.title'));
    await page.getByLabel(lookup(common, 'login.email')).fill(email);
    await page.getByLabel(lookup(common, 'login.password')).fill(PASSWORD);
    await page.getByRole('button', { name: lookup(common, 'login.submit') }).click();
    await expect(page.getByTestId('member-nav')).toBeVisible();

    // The link works once.
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(lookup(common, 'resetPassword.password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(lookup(common, 'resetPassword.confirmation')).fill(PASSWORD);
    await page.getByRole('button', { name: lookup(common, 'resetPassword.save') }).click();
    await expect(page.getByTestId('reset-error')).toHaveText(lookup(common, 'errors.resetLinkInvalid'));
  });
});
