import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gradientJpeg } from '../../server/test-support/test-images';
import { localeFile, lookup } from './locale-files';

const profile = localeFile('en', 'profile');
const reference = localeFile('en', 'reference');
const t = (key: string, vars: Record<string, string | number> = {}) =>
  lookup(profile, key).replace(/\{\{(\w+)\}\}/g, (_m, name: string) => String(vars[name]));

let counter = 0;

/** A fresh free member from the signup API, logged in in this page's browser context. */
async function freshMember(page: Page): Promise<{ id: number; email: string }> {
  await page.goto('/');
  counter += 1;
  const email = `e2e-profile-${Date.now()}-${counter}@rendezvous.example`;
  const res = await page.request.post('/api/signup.php', {
    headers: { origin: new URL(page.url()).origin },
    data: { email, name: 'Paula', password: 'a fine password 42', date_of_birth: '1991-06-15', gender: 'female', sexuality: 'hetero', country: 'NL' },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: { id: number } };
  return { id: body.user.id, email };
}

async function uploadByApi(page: Page, image: Buffer) {
  const res = await page.request.post('/api/photos.php', { headers: { origin: new URL(page.url()).origin, 'content-type': 'image/jpeg' }, data: image });
  expect(res.status(), await res.text()).toBe(200);
}

test.use({ uiLocale: 'en' });

test('edit the profile and see the saved values after a reload', async ({ page }) => {
  const member = await freshMember(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
  await expect(page.getByTestId('view-as-others')).toHaveAttribute('href', `/members/${member.id}`);

  // A broken rule shows its message at the field and saves nothing.
  await page.getByLabel(t('fields.name')).fill('@paula');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('error-name')).toHaveText(t('errors.usernameAt'));

  await page.getByLabel(t('fields.name')).fill('Paula Sunshine');
  await page.getByLabel(t('fields.hairColour')).selectOption({ label: lookup(reference, 'hairColour.red') });
  await page.getByLabel(t('fields.relationshipStatus')).selectOption({ label: lookup(reference, 'relationshipStatus.single') });
  await page.getByRole('textbox', { name: t('fields.about') }).fill('Coffee lover, weekend hiker.');
  await page.getByLabel(t('fields.city')).fill('Utrecht');
  const cooking = page.locator('[data-interest="cooking"]');
  await cooking.click();
  await expect(cooking).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('profile-save').click();
  await expect(page.getByTestId('profile-saved')).toHaveText(t('saved'));

  await page.reload();
  await expect(page.getByLabel(t('fields.name'))).toHaveValue('Paula Sunshine');
  await expect(page.getByLabel(t('fields.hairColour'))).toHaveValue('red');
  await expect(page.getByLabel(t('fields.relationshipStatus'))).toHaveValue('single');
  await expect(page.getByRole('textbox', { name: t('fields.about') })).toHaveValue('Coffee lover, weekend hiker.');
  await expect(page.getByLabel(t('fields.city'))).toHaveValue('Utrecht');
  await expect(page.locator('[data-interest="cooking"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('[data-interest="beach"]')).toHaveAttribute('aria-pressed', 'false');
});

test('"use my current location" fills in and stores the place', async ({ page, context }) => {
  await freshMember(page);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 52.3702, longitude: 4.8952 });
  await page.goto('/profile');
  await page.getByLabel(t('fields.city')).fill('');
  await page.getByTestId('use-location').click();
  await expect(page.getByLabel(t('fields.city'))).toHaveValue('Amsterdam');
  await expect(page.getByLabel(t('fields.country'))).toHaveValue('NL');
  await expect(page.getByLabel(/Province|Region/)).toHaveValue('NH');
  // Stored on the member at once, without pressing save.
  await page.reload();
  await expect(page.getByLabel(t('fields.city'))).toHaveValue('Amsterdam');
});

test('upload photos, see them in inspection, choose the main photo and delete one', async ({ page }) => {
  await freshMember(page);
  await page.goto('/profile');
  const manager = page.getByTestId('photo-manager');
  await expect(manager.getByTestId('photo-count')).toHaveText(t('photos.count', { count: 0, limit: 3 }));

  const image = await gradientJpeg(800, 600);
  await manager.locator('input[type=file]:not([capture])').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: image });
  await expect(manager.getByTestId('own-photo')).toHaveCount(1);
  const first = manager.getByTestId('own-photo').first();
  await expect(first.getByTestId('photo-status')).toHaveText(t('photos.inInspection'));
  await expect(first.getByTestId('photo-main')).toHaveText(t('photos.main'));

  await manager.locator('input[type=file]:not([capture])').setInputFiles({ name: 'me2.jpg', mimeType: 'image/jpeg', buffer: await gradientJpeg(640, 900) });
  await expect(manager.getByTestId('own-photo')).toHaveCount(2);
  await expect(manager.getByTestId('photo-count')).toHaveText(t('photos.count', { count: 2, limit: 3 }));
  const second = manager.getByTestId('own-photo').nth(1);
  const secondId = await second.getAttribute('data-photo-id');
  await second.getByTestId('photo-set-main').click();
  await expect(second.getByTestId('photo-main')).toBeVisible();
  await expect(first.getByTestId('photo-main')).toHaveCount(0);

  // Move the main photo to the front; the order survives a reload.
  await second.getByTestId('photo-up').click();
  await expect(manager.getByTestId('own-photo').first()).toHaveAttribute('data-photo-id', secondId!);
  await page.reload();
  await expect(manager.getByTestId('own-photo').first()).toHaveAttribute('data-photo-id', secondId!);
  await expect(manager.getByTestId('own-photo').first().getByTestId('photo-main')).toBeVisible();

  // Delete the other one, after confirming.
  await manager.getByTestId('own-photo').nth(1).getByTestId('photo-delete').click();
  await page.getByTestId('photo-delete-confirm').click();
  await expect(manager.getByTestId('own-photo')).toHaveCount(1);
  await expect(manager.getByTestId('photo-count')).toHaveText(t('photos.count', { count: 1, limit: 3 }));
  await page.reload();
  await expect(manager.getByTestId('own-photo')).toHaveCount(1);
  await expect(manager.getByTestId('own-photo').first()).toHaveAttribute('data-photo-id', secondId!);
});

test('the profile-photo alert shows without a main photo and stays dismissed', async ({ page }) => {
  await freshMember(page);
  await page.goto('/');
  const alert = page.getByTestId('enrich-alert');
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('link', { name: t('alert.add') })).toHaveAttribute('href', '/profile');

  // Not on the profile page itself.
  await page.goto('/profile');
  await expect(page.getByTestId('photo-manager')).toBeVisible();
  await expect(page.getByTestId('enrich-alert')).toHaveCount(0);

  await page.goto('/');
  await expect(alert).toBeVisible();
  await alert.getByRole('button', { name: t('alert.dismiss') }).click();
  await expect(alert).toHaveCount(0);
  expect(await page.evaluate(() => Number(localStorage.getItem('rendezvous.enrich-alert-dismissed')))).toBeGreaterThan(0);
  await page.reload();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('enrich-alert')).toHaveCount(0);
});

test('the profile-photo alert is gone once the member has a main photo', async ({ page }) => {
  await freshMember(page);
  await uploadByApi(page, await gradientJpeg(800, 600));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('member-nav')).toBeVisible();
  await expect(page.getByTestId('enrich-alert')).toHaveCount(0);
});

test('a free member at 3 photos sees the upgrade prompt instead of the upload', async ({ page }) => {
  await freshMember(page);
  const image = await gradientJpeg(800, 600);
  for (let i = 0; i < 3; i += 1) await uploadByApi(page, image);
  await page.goto('/profile');
  const manager = page.getByTestId('photo-manager');
  await expect(manager.getByTestId('photo-count')).toHaveText(t('photos.count', { count: 3, limit: 3 }));
  const prompt = manager.getByTestId('photo-upgrade');
  await expect(prompt).toContainText(t('photos.upgrade'));
  await expect(prompt.getByRole('link', { name: t('photos.upgradeButton') })).toHaveAttribute('href', '/premium');
  await expect(manager.locator('input[type=file]')).toHaveCount(0);
});
