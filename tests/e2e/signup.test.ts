import type { Page } from '@playwright/test';
import { expect, test, setLocale } from './fixtures';
import sharp from 'sharp';
import { localeFile, lookup } from './locale-files';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';

const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: '#8e24aa' } }).jpeg().toBuffer();
}

function texts(locale: string) {
  const signup = localeFile(locale, 'signup');
  const reference = localeFile(locale, 'reference');
  const common = localeFile(locale, 'common');
  return { s: (key: string) => lookup(signup, key), r: (key: string) => lookup(reference, key), c: (key: string) => lookup(common, key) };
}

/** Fills step 2 with valid answers. */
async function fillPersonal(page: Page, locale: string, account: { name: string; email: string; password: string }) {
  const { s } = texts(locale);
  await page.getByLabel(s('personal.name')).fill(account.name);
  await page.getByLabel(s('personal.email')).fill(account.email);
  await page.getByLabel(s('personal.password'), { exact: true }).fill(account.password);
  await page.getByLabel(s('personal.day')).selectOption('09');
  await page.getByLabel(s('personal.month')).selectOption('03');
  await page.getByLabel(s('personal.year')).selectOption('1994');
}

/** Opens /signup in English, answers step 0 and skips the photo: step 2 (personal) is next. */
async function startSignup(page: Page, iAm: string, lookingFor: string) {
  const { s } = texts('en');
  await page.goto('/signup');
  await page.getByLabel(s('start.iAm')).selectOption(iAm);
  await page.getByLabel(s('start.lookingFor')).selectOption(lookingFor);
  await page.getByTestId('signup-next').click();
  await page.getByRole('button', { name: s('photo.later') }).click();
}

/** Presses Next `times` times, each on the step the previous press led to. */
async function clickNext(page: Page, times: number) {
  for (let i = 0; i < times; i += 1) await page.getByTestId('signup-next').click();
}

for (const locale of ['en', 'de', 'nl']) {
  test(`signup in the modal with a photo, then activation by the mailed link (${locale})`, async ({ page, context }) => {
    test.slow();
    await setLocale(context, locale);
    const { s, r } = texts(locale);
    const account = { name: `Robin${locale}${Date.now() % 100000}`, email: `robin-${locale}-${Date.now()}@example.com`, password: 'a good long secret' };

    await page.goto('/');
    await page.getByTestId('hero-signup').click();
    const modal = page.getByTestId('signup-modal');
    await expect(modal).toBeVisible();
    // Step 0: who I am and whom I look for.
    await page.getByTestId('signup-next').click();
    await expect(modal.getByText(s('errors.gender'))).toBeVisible();
    await page.getByLabel(s('start.iAm')).selectOption('male');
    await page.getByLabel(s('start.lookingFor')).selectOption('women');
    // Signup is in progress: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();
    await page.getByTestId('signup-next').click();

    // Step 1: a photo.
    await page.getByLabel(s('photo.title')).setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
    await expect(page.getByTestId('signup-photo-preview')).toBeVisible();
    await page.getByTestId('signup-next').click();

    // Step 2: every validation message for its bad input.
    await fillPersonal(page, locale, account);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field(s('personal.name')).fill(account.email);
    await page.getByTestId('signup-next').click();
    await expect(modal.getByText(s('errors.usernameIsEmail'))).toBeVisible();
    await field(s('personal.name')).fill('@robin');
    await page.getByTestId('signup-next').click();
    await expect(modal.getByText(s('errors.usernameAt'))).toBeVisible();
    await field(s('personal.name')).fill(account.name);
    await field(s('personal.email')).fill('robin@gmial');
    await page.getByTestId('signup-next').click();
    await expect(modal.getByText(s('errors.invalidEmail'), { exact: true })).toBeVisible();
    await expect(page.getByTestId('email-suggestion')).toHaveText(s('didYouMean').replace('{{suggestion}}', 'robin@gmail.com'));
    await field(s('personal.email')).fill(account.email);
    await field(s('personal.password')).fill('short');
    await page.getByTestId('signup-next').click();
    await expect(modal.getByText(s('errors.passwordTooShort').replace('{{min}}', '8'))).toBeVisible();
    await field(s('personal.password')).fill(account.password);
    await page.getByLabel(s('personal.day')).selectOption('31');
    await page.getByLabel(s('personal.month')).selectOption('02');
    await expect(page.getByText(s('errors.invalidDateOfBirth'))).toBeVisible();
    const tooYoung = String(new Date().getUTCFullYear() - 18);
    await page.getByLabel(s('personal.day')).selectOption('31');
    await page.getByLabel(s('personal.month')).selectOption('12');
    await page.getByLabel(s('personal.year')).selectOption(tooYoung);
    await page.getByTestId('signup-next').click();
    await expect(modal.getByText(s('errors.dateOfBirth').replace('{{minAge}}', '18'))).toBeVisible();
    await page.getByLabel(s('personal.day')).selectOption('09');
    await page.getByLabel(s('personal.month')).selectOption('03');
    await page.getByLabel(s('personal.year')).selectOption('1994');

    // The draft survives a reload (the photo, held in memory, does not).
    await page.reload();
    await expect(modal).toBeVisible();
    await expect(field(s('personal.name'))).toHaveValue(account.name);
    await expect(field(s('personal.email'))).toHaveValue(account.email);
    await expect(field(s('personal.password'))).toHaveValue(account.password);
    await page.getByRole('button', { name: s('back') }).click();
    await page.getByLabel(s('photo.title')).setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await jpeg() });
    await page.getByTestId('signup-next').click();
    await page.getByTestId('signup-next').click();

    // Step 3: where.
    await expect(page.getByLabel(s('location.country'))).toBeVisible();
    await page.getByLabel(s('location.city')).fill('Springfield');
    await page.getByTestId('signup-next').click();
    // Step 4: about me, then the account.
    await page.getByLabel(s('about.about')).fill('I like long walks and good food.');
    const hiking = page.getByRole('button', { name: r('interests.hiking'), exact: true });
    await hiking.click();
    await expect(hiking).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('signup-next').click();

    await expect(page).toHaveURL(/\/complete-signup$/);
    await expect(page.getByTestId('complete-signup-text')).toContainText(account.email);
    await expect(page.getByTestId('member-nav')).toBeVisible();
    // The photo of step 1 was uploaded with the new session, and waits for inspection.
    await expect
      .poll(async () => ((await (await page.request.get('/api/photos.php')).json()) as { photos: { status: string }[] }).photos.map((p) => p.status))
      .toEqual(['in_inspection']);

    // The activation link from the outbox, in the signup language.
    await expect.poll(async () => (await outboxMailsTo(OUTBOX, account.email)).length).toBe(1);
    const [mail] = await outboxMailsTo(OUTBOX, account.email);
    expect(mail).toContain(s('mail.activation.button'));
    const link = new URL(firstLink(mail!, '/activate/done'));
    await page.goto(link.pathname + link.search);
    await expect(page).toHaveURL(/\/activate\/done$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('activation.doneTitle'));
    await expect(page.getByText(s('activation.premium'))).toBeVisible();
    // A broken link says so.
    await page.goto('/activate/done?token=nonsense');
    await expect(page).toHaveURL(/\/activate\/error$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('activation.failed'));
  });
}

test('an unconfirmed member sees the activation reminder, except on signup and settings pages', async ({ page, context }) => {
  await setLocale(context, 'en');
  const { s } = texts('en');
  const email = `reminded-${Date.now()}@example.com`;
  await startSignup(page, 'female', 'men');
  await fillPersonal(page, 'en', { name: `Remi${Date.now() % 100000}`, email, password: 'another long secret' });
  await clickNext(page, 3);
  await expect(page).toHaveURL(/\/complete-signup$/);
  await expect(page.getByTestId('activation-reminder')).toHaveCount(0);

  await page.getByTestId('complete-signup-continue').click();
  const reminder = page.getByTestId('activation-reminder');
  await expect(reminder).toBeVisible();
  await expect(reminder).toContainText(email);
  await reminder.getByRole('button', { name: s('reminder.resend') }).click();
  await expect(reminder.getByText(s('reminder.resent'))).toBeVisible();
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).length).toBe(2);

  // A typo in the address is fixed before confirmation; the link goes to the new one.
  await page.goto('/complete-signup');
  const fixed = `fixed-${email}`;
  await page.getByLabel(s('complete.newEmail')).fill(fixed);
  await page.getByRole('button', { name: s('complete.saveEmail') }).click();
  await expect(page.getByTestId('complete-signup-done')).toContainText(fixed);
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, fixed)).length).toBe(1);
});

test('on a smartphone right after signup the reminder is a modal', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await setLocale(context, 'en');
  const page = await context.newPage();
  await startSignup(page, 'male', 'both');
  await fillPersonal(page, 'en', { name: `Mobi${Date.now() % 100000}`, email: `mobile-${Date.now()}@example.com`, password: 'a mobile long secret' });
  await clickNext(page, 3);
  await page.getByTestId('complete-signup-continue').click();
  await expect(page.getByTestId('activation-reminder-modal')).toBeVisible();
  await context.close();
});

test('an existing address is refused with the spec message, shown at its field', async ({ page, context }) => {
  await setLocale(context, 'en');
  const { s } = texts('en');
  await startSignup(page, 'male', 'women');
  await fillPersonal(page, 'en', { name: 'Someone New', email: 'free@rendezvous.example', password: 'a good long secret' });
  await clickNext(page, 3);
  await expect(page.getByText(s('errors.accountExists')).first()).toBeVisible();
  await expect(page.getByLabel(s('personal.email'))).toBeVisible();
});

test('signing up with the address of a deleted account offers its reactivation link', async ({ page, context }) => {
  await setLocale(context, 'en');
  const { s } = texts('en');
  const email = `deleted-${Date.now()}@example.com`;
  await page.goto('/');
  const origin = { origin: new URL(page.url()).origin };
  const created = await page.request.post('/api/signup.php', {
    headers: origin,
    data: { email, name: 'Dora Deleted', password: 'a deleted secret', date_of_birth: '1985-06-01', gender: 'female', sexuality: 'hetero', country: 'NL' },
  });
  expect(created.status()).toBe(200);
  expect((await page.request.post('/api/delete-account.php', { headers: origin, data: { password: 'a deleted secret' } })).status()).toBe(200);

  await startSignup(page, 'female', 'men');
  await fillPersonal(page, 'en', { name: 'Dora Again', email, password: 'a good long secret' });
  await clickNext(page, 3);
  await expect(page.getByText(s('errors.accountDeleted')).first()).toBeVisible();
  await page.getByTestId('send-reactivation').click();
  await expect(page.getByTestId('reactivation-sent')).toHaveText(s('reactivate.sent'));
  // The deletion mail and the one asked for here.
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).filter((m) => m.includes('/account-deleted?reactivate=')).length).toBe(2);
});

test('from a member: step 0 writes the first message, delivered once the account exists', async ({ page, context }) => {
  await setLocale(context, 'en');
  const { s } = texts('en');
  await page.goto('/');
  // A member of the home page teaser.
  const href = await page.locator('a[href^="/members/"]').first().getAttribute('href');
  const memberId = Number(href!.split('/')[2]);
  const name = (await page.locator(`a[href="/members/${memberId}"] strong`).first().textContent())!.trim();

  await page.goto(`/members/${memberId}/signup`);
  await expect(page.getByRole('heading', { name: s('start.messageTitle').replace('{{name}}', name) })).toBeVisible();
  await page.getByTestId('signup-next').click();
  await expect(page.getByText(s('errors.messageRequired'))).toBeVisible();
  await page.getByLabel(s('start.messageLabel').replace('{{name}}', name)).fill('Hi! Your profile made me smile.');
  await page.getByTestId('signup-next').click();
  await page.getByRole('button', { name: s('photo.later') }).click();
  // Who I am comes with the personal details when step 0 was a message.
  await page.getByLabel(s('start.iAm')).selectOption('male');
  await page.getByLabel(s('start.lookingFor')).selectOption('women');
  await fillPersonal(page, 'en', { name: `Writer${Date.now() % 100000}`, email: `writer-${Date.now()}@example.com`, password: 'a writer long secret' });
  await clickNext(page, 3);
  await expect(page).toHaveURL(/\/complete-signup$/);

  const exported = (await (
    await page.request.post('/api/export.php', { headers: { origin: new URL(page.url()).origin }, data: { password: 'a writer long secret' } })
  ).json()) as {
    conversations: { with: { id: number }; started_by_me: boolean; messages: { sent_by_me: boolean; body: string }[] }[];
  };
  expect(exported.conversations).toMatchObject([{ with: { id: memberId }, started_by_me: true, messages: [{ sent_by_me: true, body: 'Hi! Your profile made me smile.' }] }]);
});

test('step 3 fills country, region and city from the browser position when allowed', async ({ browser }) => {
  const context = await browser.newContext({ geolocation: { latitude: 52.3702, longitude: 4.8952 }, permissions: ['geolocation'] });
  await setLocale(context, 'en');
  const page = await context.newPage();
  const { s, c } = texts('en');
  await startSignup(page, 'female', 'men');
  await fillPersonal(page, 'en', { name: `Ams${Date.now() % 100000}`, email: `ams-${Date.now()}@example.com`, password: 'an amsterdam secret' });
  // While the regions load (held back here) the region field is already there, disabled,
  // saying so in words the page has (common ones: the signup has no search strings).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/regions.php?*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('signup-next').click();
  await expect(page.locator('#signup-region')).toBeDisabled();
  await expect(page.locator('#signup-region')).toHaveText(c('loading'));
  release();
  await expect(page.locator('#signup-region')).toBeEnabled();
  await page.unroute('**/api/regions.php?*');
  await page.getByRole('button', { name: s('location.useMyLocation') }).click();
  await expect(page.getByTestId('locate-status')).toHaveText(s('location.located'));
  await expect(page.getByLabel(s('location.country'))).toHaveValue('NL');
  await expect(page.getByLabel('Province')).toHaveValue('NH');
  await expect(page.getByLabel(s('location.city'))).toHaveValue('Amsterdam');
  await context.close();
});
