/// <reference lib="webworker" />
// The site's service worker (spec 9: version 2), bundled by scripts/build.mjs to build/worker/sw.js
// and served at /sw.js (server/domain/installed-app). It keeps only the offline page: API answers
// and member data are never cached, so a shared device keeps nobody's messages.
import { pushPayloadSchema, type WorkerMessage } from '../common/notifications/push-payload';
import { PUSH_SERVICE_WORKER_VERSION } from '../common/limits';
import { APP_ICON_PREFIX, OFFLINE_PATH, offlineCacheName } from '../common/installed-app/installed-app';
import { notificationTarget } from '../common/installed-app/notification-target';

declare const self: ServiceWorkerGlobalScope;

const CACHE = offlineCacheName(PUSH_SERVICE_WORKER_VERSION);
/** The site's own app icon (any version query serves the current one). */
const DEFAULT_ICON = `${APP_ICON_PREFIX}192.png`;

/** Tabs ask for it (`postMessage({type: 'rendezvous:version'})`); tests check the version installed. */
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'rendezvous:version') {
    event.ports[0]?.postMessage({ version: PUSH_SERVICE_WORKER_VERSION });
  }
});

self.addEventListener('install', (event) => {
  // `reload`: the offline page itself, not an HTTP cache's older copy of it.
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add(new Request(OFFLINE_PATH, { cache: 'reload' })))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  // Only page navigations: everything else (API, assets, photos) goes to the network untouched.
  if (event.request.mode !== 'navigate' || event.request.method !== 'GET') return;
  event.respondWith(
    fetch(event.request).catch(async () => {
      const offline = await caches.match(OFFLINE_PATH, { cacheName: CACHE });
      return offline ?? Response.error();
    }),
  );
});

self.addEventListener('push', (event) => {
  const parsed = pushPayloadSchema.safeParse(readJson(event.data));
  // A payload that is not ours shows nothing rather than a notification with made-up text.
  if (!parsed.success) return;
  const payload = parsed.data;
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        icon: payload.icon ?? DEFAULT_ICON,
        badge: DEFAULT_ICON,
        data: { url: payload.url },
      }),
      setBadge(payload.badge),
      tellTabs({ type: 'rendezvous:pushed', kind: payload.kind }),
    ]),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openOrFocus(notificationTarget(event.notification.data, self.location.origin)));
});

function readJson(data: PushMessageData | null): unknown {
  try {
    return data?.json();
  } catch {
    return null;
  }
}

/** The app badge (spec 4: unread messages plus new likes); a browser without it simply has none. */
async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  try {
    await (count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.());
  } catch {
    // Failures are ignored (spec 4): the badge is a hint, the notification is what matters.
  }
}

async function tellTabs(message: WorkerMessage): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const tab of tabs) tab.postMessage(message);
}

async function openOrFocus(url: string): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    // A browser may refuse the focus (no user activation left): the tab still goes to the page.
    const focused = await tab.focus().catch(() => tab);
    // navigate() works only on tabs this worker controls; otherwise a new window is the way.
    const navigated = await focused.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}
