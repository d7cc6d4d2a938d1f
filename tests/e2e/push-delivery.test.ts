import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { startLocalPushService, type LocalPushService, type LocalSubscription } from '../../server/test-support/local-push-service';
import { expect, signUpConfirmed, test } from './fixtures';
import { localeFile, lookup } from './locale-files';
import { PUSH_CERT_DIR, PUSH_SERVICE_PORT } from './push-service-config';

// Web Push end to end (issue 27): the browser vendor's push service is the one part that cannot
// be reached here, so a local one speaking RFC 8030 stands in for it (its certificate is trusted
// by the server under test for this origin only, playwright.config.ts). The member's page gets a
// subscription at that service; the server sends a real encrypted push there, the service
// decrypts it with the subscription's keys, and the DevTools protocol hands the payload to the
// real service worker, which shows the notification; its click opens the conversation.
const settings = localeFile('de', 'settings');
const push = localeFile('de', 'push');

test.use({ uiLocale: 'de' });
// One worker for the file: its tests share the push service on its fixed port.
test.describe.configure({ mode: 'default' });

/** PushManager answers with the local service's subscription (the vendor's service stood in for). */
async function subscriptionAt(page: Page, subscription: LocalSubscription): Promise<void> {
  await page.context().addInitScript((sub) => {
    const KEY = 'e2e.push-subscribed';
    const made = () => ({ ...sub, options: { userVisibleOnly: true }, toJSON: () => sub, unsubscribe: async () => (localStorage.removeItem(KEY), true) });
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(KEY) ? (made() as unknown as PushSubscription) : null);
    PushManager.prototype.subscribe = async () => (localStorage.setItem(KEY, '1'), made() as unknown as PushSubscription);
  }, subscription);
}

/** Hands a push payload to the site's worker through the DevTools protocol (as the browser does with one from its push service). */
async function deliverToWorker(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registered, data });
}

let service: LocalPushService;

test.beforeAll(async () => {
  const certificate = { key: readFileSync(`${PUSH_CERT_DIR}/key.pem`, 'utf8'), cert: readFileSync(`${PUSH_CERT_DIR}/cert.pem`, 'utf8') };
  service = await startLocalPushService({ port: PUSH_SERVICE_PORT, certificate });
});
test.afterAll(async () => service?.close());

for (const [device, viewport] of [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 320, height: 640 }],
] as const) {
  test(`a message reaches the member as a real Web Push whose notification opens the conversation (${device})`, async ({ page, openPage }) => {
    await page.setViewportSize(viewport);
    const subscription = service.newSubscription();
    await subscriptionAt(page, subscription);
    const anna = await signUpConfirmed(page, 'PushAnna');
    await page.context().grantPermissions(['notifications']);

    // Anna turns push on from /notifications: the worker's subscription is stored.
    await page.goto('/notifications');
    await page.getByRole('button', { name: lookup(settings, 'push.turnOn') }).click();
    await expect(page.getByTestId('push-state')).toHaveAttribute('data-state', 'subscribed');

    // Ben writes to her.
    const benPage = await openPage();
    const ben = await signUpConfirmed(benPage, 'PushBen');
    const benName = ((await (await benPage.request.get('/api/user.php')).json()) as { user: { profile: { name: string } } }).user.profile.name;
    const sent = await benPage.request.post('/api/message.php', {
      headers: { origin: new URL(benPage.url()).origin },
      data: { profile: anna.id, client_id: `push-${Date.now()}`, kind: 'text', text: 'Hallo Anna, ganz geheim' },
    });
    expect(sent.status(), await sent.text()).toBe(200);
    const conversation = ((await sent.json()) as { message: { conversation: number } }).message.conversation;

    // The server pushed a real encrypted message to her subscription, in German, without the text.
    const received = await service.waitForPush((p) => p.endpoint === subscription.endpoint, 20_000);
    expect(received.urgency).toBe('high');
    expect(received.vapid.sub).toMatch(/^mailto:/);
    const payload = JSON.parse(received.text) as { kind: string; title: string; body: string; url: string };
    expect(payload).toMatchObject({
      kind: 'message',
      title: lookup(push, 'message.title').replace('{{name}}', benName),
      body: lookup(push, 'message.body'),
      url: `/chats/${conversation}`,
    });
    expect(received.text).not.toContain('geheim');
    expect(ben.id).not.toBe(anna.id);

    // Handed to the worker, it shows the notification...
    await page.goto('/members');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload(); // now controlled by the worker, as a member's tab is after the first visit
    await deliverToWorker(page, received.text);
    const shown = () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, url: (n.data as { url: string }).url })));
    await expect.poll(shown).toEqual([{ title: payload.title, url: payload.url }]);

    // ...and its click opens the conversation in the member's tab.
    const worker = page.context().serviceWorkers()[0] ?? (await page.context().waitForEvent('serviceworker'));
    // No DevTools command clicks a notification: the worker gets the click event a click makes.
    await worker.evaluate(async () => {
      type Scope = { registration: ServiceWorkerRegistration; dispatchEvent(e: Event): boolean };
      type ClickEvent = new (type: string, init: { notification: Notification }) => Event;
      const scope = self as unknown as Scope;
      const [notification] = await scope.registration.getNotifications();
      const NotificationEventType = (self as unknown as { NotificationEvent: ClickEvent }).NotificationEvent;
      scope.dispatchEvent(new NotificationEventType('notificationclick', { notification: notification! }));
    });
    await expect(page).toHaveURL(new RegExp(`/chats/${conversation}$`));
    await expect(page.getByTestId('message').getByText('Hallo Anna, ganz geheim')).toBeVisible();
  });
}
