import type { APIRequestContext, Page } from '@playwright/test';
import type { MemberProfile } from '../../common/profile-view/member-profile';
import { FREE_VISIBLE_PHOTOS, VISITOR_VISIBLE_PHOTOS } from '../../common/profile-view/member-profile';
import { firstLink, outboxMailsTo } from '../../server/test-support/outbox';
import { DEMO_PASSWORD, DEMO_PREMIUM, expect, submitLogin, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

const OUTBOX = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}/outbox`;
const pv = localeFile('en', 'profile-view');
const cp = localeFile('en', 'complaints');
const fill = (s: string, vars: Record<string, string | number>) => s.replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k]));
const t = (key: string, vars: Record<string, string | number> = {}) => fill(lookup(pv, key), vars);
const c = (key: string, vars: Record<string, string | number> = {}) => fill(lookup(cp, key), vars);

test.use({ uiLocale: 'en' });

/** A listed demo member of the default site with at least four photos (so some stay locked for everyone but premium). */
async function demoWithPhotos(request: APIRequestContext): Promise<MemberProfile> {
  for (let id = 1; id <= 400; id += 1) {
    const res = await request.get(`/api/member.php?id=${id}`, { headers: { cookie: 'i18n_redirected=en' } });
    if (!res.ok()) continue;
    const profile = (await res.json()) as MemberProfile;
    if (profile.photos.length >= 4) return profile;
  }
  throw new Error('no demo member with four photos');
}

/** A new, confirmed member (signup API + activation link from the outbox), logged in on its own page. */
async function confirmedMember(openPage: () => Promise<Page>, name: string): Promise<{ page: Page; id: number; email: string }> {
  const page = await openPage();
  await page.goto('/pages/faq');
  const email = `e2e-pv-${name.toLowerCase()}-${Date.now()}@rendezvous.example`;
  const origin = new URL(page.url()).origin;
  const res = await page.request.post('/api/signup.php', {
    headers: { origin },
    data: { email, name, password: 'a fine password 42', date_of_birth: '1991-03-02', gender: 'female', sexuality: 'hetero', country: 'NL' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { user } = (await res.json()) as { user: { id: number } };
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, email)).length).toBeGreaterThanOrEqual(1);
  const token = new URL(firstLink((await outboxMailsTo(OUTBOX, email))[0]!, '/activate/done')).searchParams.get('token');
  expect((await page.request.post('/api/activate.php', { headers: { origin }, data: { token } })).status()).toBe(200);
  return { page, id: user.id, email };
}

test('a visitor sees the main photo and one more, and every action asks for an account', async ({ page }) => {
  const profile = await demoWithPhotos(page.request);
  await page.goto(`/members/${profile.id}`);
  await expect(page.getByTestId('profile-name')).toContainText(profile.name);
  await expect(page.getByTestId('locked-photo')).toHaveCount(profile.photos.length - VISITOR_VISIBLE_PHOTOS);
  await expect(page.getByText(t('loginNeeded'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('lockedLogin') })).toBeVisible();
  await expect(page.getByTestId('action-message')).toHaveAttribute('href', `/members/${profile.id}?signup=${profile.id}`);
  await page.getByTestId('action-message').click();
  // The signup modal opens with a first message to this member.
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('free and premium members: two more or all photos; locked ones stay locked also by direct URL', async ({ page, logIn, openPage }) => {
  const profile = await demoWithPhotos(page.request);
  await logIn();
  await page.goto(`/members/${profile.id}`);
  await expect(page.getByTestId('locked-photo')).toHaveCount(profile.photos.length - FREE_VISIBLE_PHOTOS);
  await expect(page.getByTestId('upgrade-photos')).toHaveText(t('lockedUpgrade'));
  await page.getByTestId('main-photo').click();
  await expect(page.getByTestId('lightbox-photo')).toBeVisible();
  await page.keyboard.press('Escape');

  const premium = await openPage();
  await submitLogin(premium, { email: DEMO_PREMIUM, password: DEMO_PASSWORD });
  await expect(premium.getByTestId('member-nav')).toBeVisible();
  const all = (await (await premium.request.get(`/api/member.php?id=${profile.id}`)).json()) as MemberProfile;
  expect(all.photos.every((p) => !p.locked)).toBe(true);
  await premium.goto(`/members/${profile.id}`);
  await expect(premium.getByTestId('locked-photo')).toHaveCount(0);

  // What the free member's browser received: no URL, no id of the locked photos anywhere.
  const free = await (await page.request.get(`/api/member.php?id=${profile.id}`)).text();
  const html = await page.content();
  for (const p of all.photos.slice(FREE_VISIBLE_PHOTOS)) {
    if (p.locked) continue;
    expect(free).not.toContain(p.url);
    expect(html).not.toContain(p.url);
    expect(html).not.toContain(p.thumb_url);
  }
  // A signed media URL cannot be made up.
  expect((await page.request.get('/media/s/9999999999/AAAAAAAAAAAAAAAAAAAAAA/p/aa/forged.webp')).status()).toBeGreaterThanOrEqual(400);
  // The demo pool too: no public path, so a locked demo photo cannot be fetched by guessing its name.
  expect((await page.request.get('/media/demo/female-001.webp')).status()).toBe(404);
  await premium.context().close();
});

test('block hides the blocker from the blocked member, unblock brings the profile back', async ({ openPage }) => {
  const blocker = await confirmedMember(openPage, 'Bettina');
  const blocked = await confirmedMember(openPage, 'Brigitte');
  await blocker.page.goto(`/members/${blocked.id}`);
  await blocker.page.getByTestId('action-block').click();
  await blocker.page.getByTestId('confirm-block').click();
  await expect(blocker.page.getByTestId('blocked-notice')).toHaveText(t('blockedNotice', { name: 'Brigitte' }));

  await blocked.page.goto(`/members/${blocker.id}`);
  await expect(blocked.page.getByTestId('blocked-by')).toHaveText(t('errors.blockedBy', { name: 'Bettina' }));

  await blocker.page.getByTestId('action-unblock').click();
  await expect(blocker.page.getByTestId('action-block')).toBeVisible();
  await blocked.page.goto(`/members/${blocker.id}`);
  await expect(blocked.page.getByTestId('profile-name')).toContainText('Bettina');
  await blocker.page.context().close();
  await blocked.page.context().close();
});

test('a complaint from the Report link arrives in the outbox for the sender and support', async ({ page, logIn }) => {
  const profile = await demoWithPhotos(page.request);
  await logIn();
  await page.goto(`/members/${profile.id}`);
  await page.getByTestId('action-report').click();
  await expect(page).toHaveURL(new RegExp(`/complaints\\?profile=${profile.id}$`));
  await expect(page.getByLabel(c('profileId'))).toHaveValue(String(profile.id));
  await page.getByLabel(c('category')).selectOption('fake-profile');
  const text = `These photos are stolen ${Date.now()}`;
  await page.getByLabel(c('text')).fill(text);
  await page.getByRole('button', { name: c('submit') }).click();
  await expect(page.getByTestId('complaint-sent')).toContainText('free@rendezvous.example');
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, 'free@rendezvous.example')).filter((m) => m.includes(text)).length).toBe(1);
  await expect.poll(async () => (await outboxMailsTo(OUTBOX, 'support@rendezvous.example')).filter((m) => m.includes(text)).length).toBe(1);
});

test('a visitor complains with an e-mail address of their own', async ({ page }) => {
  await page.goto('/complaints');
  await page.getByLabel(c('category')).selectOption('other');
  await page.getByLabel(c('text')).fill('Something is wrong with the site.');
  await page.getByLabel(c('email')).fill('visitor-e2e@rendezvous.example');
  await page.getByRole('button', { name: c('submit') }).click();
  await expect(page.getByTestId('complaint-sent')).toContainText('visitor-e2e@rendezvous.example');
});
