/**
 * The installed app (spec 2, 9): installable in Chromium, the service worker (version 2) and its
 * offline page, the Back button and the absent entry warning inside the app. The app window is
 * a real one: the DevTools protocol installs the site (PWA.install) and launches it as an app
 * window (PWA.launch), which reports display-mode standalone; that needs a profile on disk.
 */
import { chromium, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { expect, logInByApi, setLocale, someDemoMemberId, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium-path.mjs';

/** A browser with a profile on disk (Chromium installs apps only there), in the test's output folder. */
async function persistentContext(testInfo: TestInfo): Promise<BrowserContext> {
  const baseURL = testInfo.project.use.baseURL;
  const context = await chromium.launchPersistentContext(testInfo.outputPath('profile'), { executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS, baseURL });
  await setLocale(context, 'en');
  return context;
}

/** Resolves once the page's script has run and registered the worker (it does so after hydration). */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

/** Installs the site from `page` and opens `url` in the app's own window (history length 1). */
async function launchApp(context: BrowserContext, page: Page, url: string): Promise<Page> {
  const cdp = await context.newCDPSession(page);
  const manifestId = new URL('/', page.url()).href;
  await cdp.send('PWA.install', { manifestId });
  await cdp.send('PWA.changeAppUserSettings', { manifestId, displayMode: 'standalone' });
  const opened = context.waitForEvent('page');
  await cdp.send('PWA.launch', { manifestId, url: new URL(url, page.url()).href });
  const app = await opened;
  await app.waitForLoadState();
  expect(await app.evaluate(() => matchMedia('(display-mode: standalone)').matches)).toBe(true);
  return app;
}

async function workerVersion(page: Page): Promise<unknown> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => (channel.port1.onmessage = (event) => resolve((event.data as { version: unknown }).version)));
    registration.active!.postMessage({ type: 'rendezvous:version' }, [channel.port2]);
    return answer;
  });
}

test('the site is installable in Chromium, with worker version 2 at /sw.js', async ({ baseURL }, testInfo) => {
  const context = await persistentContext(testInfo);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await workerReady(page);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toBe(new URL('/sw.js', baseURL).href);
    expect(await workerVersion(page)).toBe(2);
    const cdp = await context.newCDPSession(page);
    await expect.poll(async () => (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors).toEqual([]);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data!)).toMatchObject({ name: 'Rendezvous', display: 'standalone', lang: 'en' });
  } finally {
    await context.close();
  }
});

test.describe('offline', () => {
  test.use({ uiLocale: 'de' });

  test('a navigation without network shows the translated offline page, and retry loads the page', async ({ page, context }) => {
    const de = localeFile('de', 'common');
    await page.goto('/pages/faq');
    await workerReady(page);
    // The worker keeps the offline page and nothing else: no API answer, no member data.
    await expect.poll(() => page.evaluate(async () => (await caches.keys()).join())).toBe('rendezvous-offline-v2');
    const cached = await page.evaluate(async () => (await (await caches.open('rendezvous-offline-v2')).keys()).map((r) => new URL(r.url).pathname));
    expect(cached).toEqual(['/offline']);

    await context.setOffline(true);
    await page.goto('/pages/terms');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(lookup(de, 'offline.title'));
    await expect(page.getByTestId('offline-page')).toContainText('Rendezvous');
    expect(new URL(page.url()).pathname).toBe('/pages/terms');

    await context.setOffline(false);
    await page.getByTestId('offline-retry').click();
    await expect(page.getByTestId('offline-page')).toHaveCount(0);
    await expect(page).toHaveURL(/\/pages\/terms$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(lookup(de, 'offline.title'));
  });
});

for (const width of [1280, 320]) {
  test(`the Back button shows in the installed app on the listed pages with history, and goes back (${width} px)`, async ({ baseURL: _ }, testInfo) => {
    const en = localeFile('en', 'common');
    const context = await persistentContext(testInfo);
    try {
      const tab = context.pages()[0] ?? (await context.newPage());
      await logInByApi(tab);
      const memberId = await someDemoMemberId(tab.request);

      // A browser tab has its own Back button: none in the top bar.
      await tab.goto('/members');
      await tab.goto(`/members/${memberId}`);
      await workerReady(tab);
      expect(await tab.evaluate(() => history.length)).toBeGreaterThan(1);
      await expect(tab.getByTestId('back-button')).toHaveCount(0);

      // The app opened straight on a profile: nothing to go back to.
      const app = await launchApp(context, tab, `/members/${memberId}`);
      await app.setViewportSize({ width, height: 800 });
      await workerReady(app);
      expect(await app.evaluate(() => history.length)).toBe(1);
      await expect(app.getByTestId('back-button')).toHaveCount(0);

      // Search is not a listed page; a profile, likes and credits reached from it are.
      await app.goto('/members');
      await workerReady(app);
      await expect(app.getByTestId('back-button')).toHaveCount(0);
      for (const target of [`/members/${memberId}`, '/likes', '/credits']) {
        await app.goto(target);
        const back = app.getByRole('button', { name: lookup(en, 'nav.back'), exact: true });
        await expect(back).toBeVisible();
        const box = (await back.boundingBox())!;
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
        expect(await app.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await back.click();
        await expect(app).toHaveURL(/\/members$/);
        await expect(app.getByTestId('back-button')).toHaveCount(0);
      }
    } finally {
      await context.close();
    }
  });
}

test('no site-entry warning inside the installed app', async ({ baseURL: _ }, testInfo) => {
  const context = await persistentContext(testInfo);
  try {
    const tab = context.pages()[0] ?? (await context.newPage());
    // In a browser tab a Dutch visitor is warned (the check below can fail)...
    await tab.goto('/?country=NL');
    await expect(tab.getByTestId('entry-warning')).toBeVisible();
    // ...in the app window, the same visitor is not.
    const app = await launchApp(context, tab, '/?country=NL');
    await workerReady(app);
    await expect(app.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(app.getByTestId('entry-warning')).toHaveCount(0);
  } finally {
    await context.close();
  }
});

test('a push shows its notification and tells open tabs (the payload as the server sends it)', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/pages/faq');
  await workerReady(page);
  const told = page.evaluate(
    () => new Promise((resolve) => navigator.serviceWorker.addEventListener('message', (event) => resolve(event.data), { once: true })),
  );
  const cdp = await context.newCDPSession(page);
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === new URL('/', baseURL).href && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  const payload = { kind: 'message', title: 'New message', body: 'Anna wrote to you', url: '/chats/42', tag: 'chat-42', badge: 3 };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId: await registered, data: JSON.stringify(payload) });
  expect(await told).toEqual({ type: 'rendezvous:pushed', kind: 'message' });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown })),
    );
  await expect.poll(shown).toEqual([{ title: 'New message', body: 'Anna wrote to you', tag: 'chat-42', data: { url: '/chats/42' } }]);
});
