import { useSyncExternalStore } from 'react';
import { accountEndpoints } from '../../common/account/account-endpoints';
import { pushSubscriptionSchema } from '../../common/account/push-subscription';
import type { WorkerMessage } from '../../common/notifications/push-payload';
import { api } from './api';
import type { ApiClient } from './api-client';
import { afterPermission, base64UrlToBytes, needsResave, PUSH_SAVED_KEY, pushStateOf, sameServerKey, type PushState } from './push-rules';
import { registerServiceWorker, workerRegistration } from './service-worker';

/**
 * The push store of spec 3 (isSubscribed, capability, last message): this browser's push state
 * and the last message the service worker passed on. Shared by the notifications page, the
 * push alert and the member's live refresh, so one "turn on" shows everywhere.
 */
export interface PushSnapshot {
  state: PushState;
  lastMessage: WorkerMessage | null;
}

type Manager = Pick<PushManager, 'getSubscription' | 'subscribe'>;

/** The browser around the store; push-store.test.ts stands in for the vendor's push service. */
export interface PushEnv {
  /** Null when this browser has no push at all (no service worker, PushManager or Notification). */
  notification: { permission: NotificationPermission; requestPermission(): Promise<NotificationPermission> } | null;
  /** The worker's push manager; `register` installs the worker first when the page has not yet. */
  pushManager(register: boolean): Promise<Manager | null>;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  api: Pick<ApiClient, 'call'>;
}

function sessionStore(): PushEnv['session'] {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function browserPushEnv(): PushEnv {
  const supported = typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
  return {
    notification: supported ? { get permission() { return Notification.permission; }, requestPermission: () => Notification.requestPermission() } : null,
    pushManager: async (register) => ((await workerRegistration()) ?? (register ? await registerServiceWorker() : null))?.pushManager ?? null,
    session: supported ? sessionStore() : null,
    api,
  };
}

export class PushError extends Error {}

function remember(env: PushEnv, endpoint: string | null): void {
  try {
    if (endpoint) env.session?.setItem(PUSH_SAVED_KEY, endpoint);
    else env.session?.removeItem(PUSH_SAVED_KEY);
  } catch {
    // Blocked storage: the subscription is saved again on the next page, which is harmless.
  }
}

/** Sends the browser's subscription to the server (POST /api/user.php?push=1). */
async function save(env: PushEnv, subscription: PushSubscription): Promise<void> {
  const body = pushSubscriptionSchema.safeParse(subscription.toJSON());
  if (!body.success) throw new PushError('invalid subscription');
  if ((await env.api.call(accountEndpoints.savePush, { body: body.data })) === false) throw new PushError('logged out');
  remember(env, subscription.endpoint);
}

async function drop(env: PushEnv, subscription: PushSubscription): Promise<void> {
  await env.api.call(accountEndpoints.deletePush, { body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
  remember(env, null);
}

/** A new subscription with the site's key, saved; undone in the browser when the server refuses it. */
async function subscribeNew(env: PushEnv, manager: Manager, siteKey: string): Promise<PushState> {
  const subscription = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(siteKey) });
  try {
    await save(env, subscription);
  } catch (error) {
    await subscription.unsubscribe().catch(() => false);
    throw error;
  }
  return 'subscribed';
}

/**
 * The state of this browser, without asking anything. A subscription made with another key
 * (the site's keys were rotated) is replaced, and a subscription is saved again once per
 * session (the server may have dropped it after its push service answered 410).
 */
export async function detectPush(siteKey: string | null, env: PushEnv = browserPushEnv()): Promise<PushState> {
  if (!env.notification || !siteKey) return 'unsupported';
  const permission = env.notification.permission;
  const manager = permission === 'denied' ? null : await env.pushManager(false);
  const subscription = manager ? await manager.getSubscription() : null;
  const state = pushStateOf({ supported: true, permission, subscribed: subscription !== null });
  if (state !== 'subscribed' || !manager || !subscription) return state;
  try {
    if (!sameServerKey(subscription.options.applicationServerKey, siteKey)) {
      await drop(env, subscription);
      return await subscribeNew(env, manager, siteKey);
    }
    if (needsResave(subscription.endpoint, env.session)) await save(env, subscription);
  } catch {
    // Offline or refused now: the next page load tries again; the browser's state stands.
    return pushStateOf({ supported: true, permission, subscribed: (await manager.getSubscription().catch(() => null)) !== null });
  }
  return 'subscribed';
}

/** Asks for the permission, subscribes with the site's key and saves it; throws when that fails. */
export async function turnPushOn(siteKey: string | null, env: PushEnv = browserPushEnv()): Promise<PushState> {
  if (!env.notification || !siteKey) return 'unsupported';
  const permission = env.notification.permission === 'granted' ? 'granted' : await env.notification.requestPermission();
  const next = afterPermission(permission);
  if (next !== 'subscribe') return next;
  const manager = await env.pushManager(true);
  if (!manager) throw new PushError('no service worker');
  const existing = await manager.getSubscription();
  if (existing && sameServerKey(existing.options.applicationServerKey, siteKey)) {
    await save(env, existing);
    return 'subscribed';
  }
  if (existing) await drop(env, existing);
  return subscribeNew(env, manager, siteKey);
}

/** Removes the subscription on the server, then in the browser. */
export async function turnPushOff(env: PushEnv = browserPushEnv()): Promise<PushState> {
  const manager = await env.pushManager(false);
  const subscription = manager ? await manager.getSubscription() : null;
  if (subscription) await drop(env, subscription);
  return pushStateOf({ supported: env.notification !== null, permission: env.notification?.permission ?? 'default', subscribed: false });
}

// The shared snapshot: one detection per page load, whoever asks first.
const INITIAL: PushSnapshot = { state: 'unknown', lastMessage: null };
let snapshot = INITIAL;
let detecting: Promise<PushState> | null = null;
const listeners = new Set<() => void>();
const messageListeners = new Set<(message: WorkerMessage) => void>();

function publish(next: Partial<PushSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function usePush(): PushSnapshot {
  // The server never knows this browser's push: pages render and hydrate as 'unknown'.
  return useSyncExternalStore(subscribe, () => snapshot, () => INITIAL);
}

export function pushSnapshot(): PushSnapshot {
  return snapshot;
}

/** Detects this browser's state once per page load (then the store follows the member's actions). */
export function loadPush(siteKey: string | null): Promise<PushState> {
  detecting ??= detectPush(siteKey).then(
    (state) => (publish({ state }), state),
    () => (publish({ state: 'capable' }), 'capable' as const),
  );
  return detecting;
}

/** Turns push on or off and publishes the outcome; a failure leaves the state as the browser has it. */
export async function changePush(on: boolean, siteKey: string | null): Promise<PushState> {
  try {
    const state = on ? await turnPushOn(siteKey) : await turnPushOff();
    publish({ state });
    return state;
  } catch (error) {
    publish({ state: await detectPush(siteKey).catch(() => snapshot.state) });
    throw error;
  }
}

/** The worker passed on a push (spec 4: open tabs reload chats and likes). */
export function notePushMessage(message: WorkerMessage): void {
  publish({ lastMessage: message });
  for (const l of messageListeners) l(message);
}

/** Calls `listener` for every push the worker passes on to this tab; returns the stop function. */
export function onPushMessage(listener: (message: WorkerMessage) => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}
