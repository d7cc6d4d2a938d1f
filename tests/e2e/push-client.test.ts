import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, signUpByApi, test } from './fixtures';
import { localeFile, lookup } from './locale-files';

// Push in the browser (issue 27, spec 3, 4): turning push on and off, the push alert, and open
// tabs reloading on a push. The browser vendor's push service cannot be reached from here, so
// PushManager's subscribe/getSubscription stand in for it (the edge of that network service):
// a subscription with a push.example.net endpoint and real keys, kept in local storage so it
// outlives reloads as the real one does. Everything else is the real browser and server.
const settings = localeFile('en', 'settings');
const common = localeFile('en', 'common');

test.use({ uiLocale: 'en' });

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** Replaces the vendor's push service in this context's pages with a local subscription store. */
async function standInPushService(context: BrowserContext): Promise<void> {
  // An uncompressed P-256 point (the last 65 bytes of its SPKI encoding) and a 16-byte secret.
  const p256dh = b64url(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ format: 'der', type: 'spki' }).subarray(-65));
  const auth = b64url(randomBytes(16));
  await context.addInitScript(
    ({ p256dh, auth }) => {
      const KEY = 'e2e.push-subscription';
      const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
      const fromB64 = (s: string) => Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
      const make = (stored: { endpoint: string; serverKey: string }) => ({
        endpoint: stored.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: fromB64(stored.serverKey).buffer },
        toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: async () => (localStorage.removeItem(KEY), true),
      });
      PushManager.prototype.getSubscription = async function () {
        const stored = localStorage.getItem(KEY);
        return stored ? (make(JSON.parse(stored)) as unknown as PushSubscription) : null;
      };
      PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
        const key = options?.applicationServerKey;
        const bytes = typeof key === 'string' ? fromB64(key) : new Uint8Array(key instanceof ArrayBuffer ? key : key!.buffer);
        const stored = { endpoint: `https://push.example.net/send/${crypto.randomUUID()}`, serverKey: toB64(bytes) };
        localStorage.setItem(KEY, JSON.stringify(stored));
        return make(stored) as unknown as PushSubscription;
      };
    },
    { p256dh, auth },
  );
}

/** How many devices the server holds a subscription for (GET /api/notifications.php). */
async function storedDevices(page: Page): Promise<number> {
  const res = await page.request.get('/api/notifications.php');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { push_subscriptions: number }).push_subscriptions;
}

/** Blocks notifications for the site, as the browser's site settings do. */
async function denyNotifications(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  // Playwright's contexts are not the browser's default one: name it, or the setting lands elsewhere.
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.setPermission', { permission: { name: 'notifications' }, setting: 'denied', origin: new URL(page.url()).origin, browserContextId: targetInfo.browserContextId });
}

/** A new member with notifications allowed in this browser and the push service stood in for. */
async function pushReadyMember(page: Page, prefix: string): Promise<void> {
  await standInPushService(page.context());
  await signUpByApi(page, prefix);
  await page.context().grantPermissions(['notifications']);
}

const MIN_TOUCH_PX = 40;

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 320, height: 640 }],
] as const) {
  test.describe(`${device} (${viewport.width} px)`, () => {
    test.beforeEach(async ({ page }) => page.setViewportSize(viewport));

    test('push is turned on and off from /notifications, and the server follows', async ({ page }) => {
      await pushReadyMember(page, 'Pia');
      await page.goto('/notifications');
      const state = page.getByTestId('push-state');
      await expect(state).toHaveAttribute('data-state', 'capable');
      await expect(state).toHaveText(lookup(settings, 'push.capable'));
      const on = page.getByTestId('push-turn-on');
      expect((await on.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TOUCH_PX);
      await on.click();
      await expect(state).toHaveAttribute('data-state', 'subscribed');
      await expect(state).toHaveText(lookup(settings, 'push.subscribed'));
      await expect(page.getByTestId('push-devices')).toHaveText(lookup(settings, 'push.devices').replace('{{n}}', '1'));
      expect(await storedDevices(page)).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

      // Still on after a reload; then off, in the browser and on the server.
      await page.reload();
      await expect(state).toHaveAttribute('data-state', 'subscribed');
      await page.getByTestId('push-turn-off').click();
      await expect(state).toHaveAttribute('data-state', 'capable');
      await expect(page.getByTestId('push-devices')).toHaveText(lookup(settings, 'push.devices').replace('{{n}}', '0'));
      expect(await storedDevices(page)).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('e2e.push-subscription'))).toBeNull();
    });

    test('the push alert turns push on, stays off its excluded pages, and a dismissal outlives reloads', async ({ page }) => {
      await pushReadyMember(page, 'Alba');
      for (const path of ['/notifications', '/premium']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expect(page.getByTestId('push-alert')).toHaveCount(0);
      }
      await page.goto('/members');
      const alert = page.getByTestId('push-alert');
      await expect(alert).toContainText(lookup(common, 'alerts.push.text'));
      const turnOn = alert.getByRole('button', { name: lookup(common, 'alerts.push.turnOn') });
      expect((await turnOn.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TOUCH_PX);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await turnOn.click();
      await expect(alert).toHaveCount(0);
      await expect.poll(() => storedDevices(page)).toBe(1);
      await page.goto('/notifications');
      await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'subscribed');

      // Off again: the alert offers push once more, until it is dismissed here.
      await page.getByTestId('push-turn-off').click();
      await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'capable');
      await page.goto('/likes');
      await expect(alert).toBeVisible();
      await alert.getByRole('button', { name: lookup(common, 'alerts.dismiss') }).click();
      await expect(alert).toHaveCount(0);
      expect(await page.evaluate(() => Number(localStorage.getItem('rendezvous.push-alert-dismissed')))).toBeGreaterThan(0);
      await page.reload();
      await page.waitForLoadState('networkidle');
      // The profile-photo alert (this member has no photo) comes with the same lazy part, after the push state is known.
      await expect(page.getByTestId('enrich-alert')).toBeVisible();
      await expect(alert).toHaveCount(0);
    });
  });
}

test('with notifications blocked, /notifications says how to allow them and no alert offers push', async ({ page }) => {
  await standInPushService(page.context());
  await signUpByApi(page, 'Dena');
  await denyNotifications(page);
  await page.goto('/notifications');
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'denied');
  await expect(page.getByTestId('push-denied-help')).toHaveText(lookup(settings, 'push.deniedHelp'));
  await expect(page.getByTestId('push-turn-on')).toHaveCount(0);
  await page.goto('/members');
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('enrich-alert')).toBeVisible();
  await expect(page.getByTestId('push-alert')).toHaveCount(0);
});

test('a push reaching the service worker makes open tabs reload chats and likes', async ({ page }) => {
  await pushReadyMember(page, 'Tia');
  await page.goto('/notifications');
  await page.getByTestId('push-turn-on').click();
  await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'subscribed');

  // The push goes to the real worker through the DevTools protocol, as a push service would deliver it.
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  const push = (kind: 'message' | 'like', url: string) =>
    cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrations.find((r) => !r.isDeleted)!.registrationId,
      data: JSON.stringify({ kind, title: 'New message', body: '', url, tag: `e2e-${kind}`, badge: 1 }),
    });

  // The periodic refresh (first after 5 s) reloads the chats too: with the page's time stopped, only the push can.
  await page.clock.install();
  await page.goto('/chats');
  await page.waitForLoadState('networkidle');
  await page.clock.pauseAt(Date.now() + 1000);
  const chatsReload = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/chats.php', { timeout: 10_000 });
  await push('message', '/chats');
  await chatsReload;

  await page.goto('/likes');
  await page.waitForLoadState('networkidle');
  const likesReload = page.waitForRequest((r) => r.method() === 'GET' && new URL(r.url()).pathname === '/api/likes.php', { timeout: 10_000 });
  await push('like', '/likes');
  await likesReload;
});
