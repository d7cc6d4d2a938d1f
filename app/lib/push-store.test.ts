import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pushSubscriptionSchema } from '../../common/account/push-subscription';
import { createApiClient } from './api-client';
import { base64UrlToBytes, PUSH_SAVED_KEY } from './push-rules';
import { detectPush, turnPushOff, turnPushOn, type PushEnv } from './push-store';

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
/** A P-256 public key as base64url: the site's VAPID key or a browser's p256dh. */
const p256 = () => b64url(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).publicKey.export({ format: 'der', type: 'spki' }).subarray(-65));

const SITE_KEY = p256();

/**
 * The edge this store talks to: the browser vendor's push service (PushManager), standing in
 * as a subscription store, and the server's two push calls, answered the way the API does
 * (the body checked with the same schema, 400 otherwise).
 */
function fakeBrowser(opts: { permission?: NotificationPermission; answer?: NotificationPermission; saveStatus?: number } = {}) {
  let subscription: PushSubscription | null = null;
  let permission: NotificationPermission = opts.permission ?? 'default';
  const calls: { method: string; body: unknown }[] = [];
  const stored = new Set<string>();
  const session = new Map<string, string>();
  const make = (key: Uint8Array): PushSubscription => {
    const endpoint = `https://push.example.net/send/${b64url(randomBytes(9))}`;
    const sub = {
      endpoint,
      options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: p256(), auth: b64url(randomBytes(16)) } }),
      unsubscribe: async () => {
        if (subscription?.endpoint === endpoint) subscription = null;
        return true;
      },
    };
    return sub as unknown as PushSubscription;
  };
  const manager = {
    getSubscription: async () => subscription,
    subscribe: async (o?: PushSubscriptionOptionsInit) => (subscription = make(o!.applicationServerKey as Uint8Array)),
  };
  const api = createApiClient({
    sleep: async () => undefined,
    fetch: async (_url, init) => {
      const body = JSON.parse(String(init!.body)) as { endpoint: string };
      calls.push({ method: init!.method!, body });
      if (init!.method === 'POST') {
        if (opts.saveStatus) return Response.json({ error: { code: 'x', message: 'Refused' } }, { status: opts.saveStatus });
        if (!pushSubscriptionSchema.safeParse(body).success) return Response.json({ error: { code: 'invalid', message: 'Invalid' } }, { status: 400 });
        stored.add(body.endpoint);
      } else stored.delete(body.endpoint);
      return Response.json({ ok: true, push_subscriptions: stored.size });
    },
  });
  const env: PushEnv = {
    notification: {
      get permission() {
        return permission;
      },
      requestPermission: async () => (permission = opts.answer ?? permission),
    },
    pushManager: async () => manager,
    session: { getItem: (k) => session.get(k) ?? null, setItem: (k, v) => void session.set(k, v), removeItem: (k) => void session.delete(k) },
    api,
  };
  return { env, calls, stored, session, current: () => subscription, subscribeWith: (key: string) => manager.subscribe({ applicationServerKey: base64UrlToBytes(key) }) };
}

describe('turning push on', () => {
  it('asks, subscribes with the site key and stores the subscription on the server', async () => {
    const b = fakeBrowser({ answer: 'granted' });
    expect(await detectPush(SITE_KEY, b.env)).toBe('capable');
    expect(await turnPushOn(SITE_KEY, b.env)).toBe('subscribed');
    const sub = b.current()!;
    expect(new Uint8Array(sub.options.applicationServerKey!)).toEqual(base64UrlToBytes(SITE_KEY));
    expect([...b.stored]).toEqual([sub.endpoint]);
    expect(b.session.get(PUSH_SAVED_KEY)).toBe(sub.endpoint);
    expect(await detectPush(SITE_KEY, b.env)).toBe('subscribed');
  });

  it('stops at a refusal (denied) or a closed prompt (capable) without subscribing', async () => {
    const refused = fakeBrowser({ answer: 'denied' });
    expect(await turnPushOn(SITE_KEY, refused.env)).toBe('denied');
    expect(await detectPush(SITE_KEY, refused.env)).toBe('denied');
    const closed = fakeBrowser({ answer: 'default' });
    expect(await turnPushOn(SITE_KEY, closed.env)).toBe('capable');
    expect(refused.calls.length + closed.calls.length).toBe(0);
    expect(closed.current()).toBeNull();
  });

  it('undoes the browser subscription when the server refuses it, and says so', async () => {
    const b = fakeBrowser({ answer: 'granted', saveStatus: 429 });
    await expect(turnPushOn(SITE_KEY, b.env)).rejects.toThrow('Refused');
    expect(b.current()).toBeNull();
    expect(await detectPush(SITE_KEY, b.env)).toBe('capable');
  });

  it('is unsupported without push in the browser or a site key', async () => {
    const b = fakeBrowser({ answer: 'granted' });
    expect(await turnPushOn(null, b.env)).toBe('unsupported');
    expect(await detectPush(SITE_KEY, { ...b.env, notification: null })).toBe('unsupported');
    expect(b.calls).toEqual([]);
  });
});

describe('a subscription the browser holds', () => {
  it('is saved again once per session', async () => {
    const b = fakeBrowser({ permission: 'granted' });
    const sub = await b.subscribeWith(SITE_KEY);
    expect(await detectPush(SITE_KEY, b.env)).toBe('subscribed');
    expect(await detectPush(SITE_KEY, b.env)).toBe('subscribed');
    expect(b.calls).toEqual([{ method: 'POST', body: expect.objectContaining({ endpoint: sub.endpoint }) }]);
  });

  it('is replaced when the site key changed (rotation)', async () => {
    const b = fakeBrowser({ permission: 'granted' });
    const old = await b.subscribeWith(p256());
    b.stored.add(old.endpoint);
    expect(await detectPush(SITE_KEY, b.env)).toBe('subscribed');
    const now = b.current()!;
    expect(now.endpoint).not.toBe(old.endpoint);
    expect(new Uint8Array(now.options.applicationServerKey!)).toEqual(base64UrlToBytes(SITE_KEY));
    expect([...b.stored]).toEqual([now.endpoint]);
  });

  it('is removed from the server and the browser when push is turned off', async () => {
    const b = fakeBrowser({ answer: 'granted' });
    await turnPushOn(SITE_KEY, b.env);
    expect(await turnPushOff(b.env)).toBe('capable');
    expect(b.current()).toBeNull();
    expect(b.stored.size).toBe(0);
    expect(b.session.has(PUSH_SAVED_KEY)).toBe(false);
  });
});
