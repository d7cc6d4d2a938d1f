/**
 * The push states of spec 4 (unknown, capable, subscribed, denied) plus unsupported, as pure
 * rules the push store (push-store.ts) and its tests share.
 */
export type PushState = 'unknown' | 'unsupported' | 'capable' | 'subscribed' | 'denied';

export interface PushFacts {
  /** Service worker, PushManager and Notification exist, and the site has a VAPID public key. */
  supported: boolean;
  permission: NotificationPermission;
  /** This browser holds a push subscription for the site. */
  subscribed: boolean;
}

/** What the facts of this browser amount to; a refusal wins over a leftover subscription. */
export function pushStateOf({ supported, permission, subscribed }: PushFacts): PushState {
  if (!supported) return 'unsupported';
  if (permission === 'denied') return 'denied';
  // Without the permission a subscription shows nothing: push is not really on.
  return subscribed && permission === 'granted' ? 'subscribed' : 'capable';
}

/** Push can be offered (the alert's button, the page's "turn on") only in this state. */
export function canOfferPush(state: PushState): boolean {
  return state === 'capable';
}

/** The answer to Notification.requestPermission(): go on subscribing, or which state to show. */
export function afterPermission(permission: NotificationPermission): 'subscribe' | PushState {
  if (permission === 'granted') return 'subscribe';
  // "default": the member closed the prompt without choosing; it can be asked again.
  return permission === 'denied' ? 'denied' : 'capable';
}

/** The bytes of a base64url string (a VAPID public key as settings.php gives it). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * Whether a subscription was made with the site's current key. After a key rotation the push
 * service refuses the server's new signature, so such a subscription must be replaced; an
 * unknown key (null: the browser does not tell) is kept rather than churned.
 */
export function sameServerKey(subscriptionKey: ArrayBuffer | null | undefined, siteKey: string): boolean {
  if (!subscriptionKey) return true;
  let site: Uint8Array;
  try {
    site = base64UrlToBytes(siteKey);
  } catch {
    return false;
  }
  const mine = new Uint8Array(subscriptionKey);
  return mine.length === site.length && mine.every((b, i) => b === site[i]);
}

/** Session storage key: the endpoint saved to the server in this browser session. */
export const PUSH_SAVED_KEY = 'rendezvous.push-saved';

type Session = Pick<Storage, 'getItem'>;

/**
 * Whether to save the subscription again: once per browser session, because the server
 * drops a subscription its push service answered 404/410 for and this browser cannot know.
 */
export function needsResave(endpoint: string, session: Session | null): boolean {
  try {
    return session?.getItem(PUSH_SAVED_KEY) !== endpoint;
  } catch {
    return true;
  }
}
