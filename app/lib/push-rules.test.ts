import { describe, expect, it } from 'vitest';
import { afterPermission, base64UrlToBytes, canOfferPush, needsResave, PUSH_SAVED_KEY, pushStateOf, sameServerKey } from './push-rules';

describe('push states (spec 4: unknown, capable, subscribed, denied; plus unsupported)', () => {
  it('is unsupported without the browser parts or the site key, whatever else holds', () => {
    expect(pushStateOf({ supported: false, permission: 'granted', subscribed: true })).toBe('unsupported');
  });
  it('is denied when the browser blocks the site, even with a leftover subscription', () => {
    expect(pushStateOf({ supported: true, permission: 'denied', subscribed: true })).toBe('denied');
    expect(pushStateOf({ supported: true, permission: 'denied', subscribed: false })).toBe('denied');
  });
  it('is subscribed only with a subscription and the permission', () => {
    expect(pushStateOf({ supported: true, permission: 'granted', subscribed: true })).toBe('subscribed');
    expect(pushStateOf({ supported: true, permission: 'default', subscribed: true })).toBe('capable');
    expect(pushStateOf({ supported: true, permission: 'granted', subscribed: false })).toBe('capable');
    expect(pushStateOf({ supported: true, permission: 'default', subscribed: false })).toBe('capable');
  });
  it('offers push only when capable', () => {
    expect(['unknown', 'unsupported', 'capable', 'subscribed', 'denied'].filter((s) => canOfferPush(s as never))).toEqual(['capable']);
  });
  it('subscribes after a grant, shows denied after a refusal, stays capable when the prompt was closed', () => {
    expect(afterPermission('granted')).toBe('subscribe');
    expect(afterPermission('denied')).toBe('denied');
    expect(afterPermission('default')).toBe('capable');
  });
});

describe('the site key', () => {
  const key = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
  it('decodes base64url (a 65-byte uncompressed P-256 point)', () => {
    const bytes = base64UrlToBytes(key);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });
  it('keeps a subscription made with the same key and replaces one made with another', () => {
    const same = base64UrlToBytes(key).buffer;
    const other = new Uint8Array(base64UrlToBytes(key));
    other[10] = other[10]! ^ 0xff;
    expect(sameServerKey(same, key)).toBe(true);
    expect(sameServerKey(other.buffer, key)).toBe(false);
    expect(sameServerKey(new Uint8Array(64).buffer, key)).toBe(false);
    expect(sameServerKey(same, '%%%not base64')).toBe(false);
  });
  it('keeps a subscription whose key the browser does not tell', () => {
    expect(sameServerKey(null, key)).toBe(true);
  });
});

describe('saving again once per session', () => {
  const session = (value: string | null) => ({ getItem: (k: string) => (k === PUSH_SAVED_KEY ? value : null) });
  it('saves when this session has not saved this endpoint', () => {
    expect(needsResave('https://push.example.net/a', session(null))).toBe(true);
    expect(needsResave('https://push.example.net/a', session('https://push.example.net/old'))).toBe(true);
    expect(needsResave('https://push.example.net/a', null)).toBe(true);
  });
  it('does not save again in the same session', () => {
    expect(needsResave('https://push.example.net/a', session('https://push.example.net/a'))).toBe(false);
  });
});
