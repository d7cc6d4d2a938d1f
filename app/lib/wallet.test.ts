import { afterEach, describe, expect, it } from 'vitest';
import { resetWallet, setWallet, subscribeWallet, wallet } from './wallet';

afterEach(() => resetWallet());

describe('wallet store', () => {
  it('keeps the newest balance and Premium state and tells listeners of changes only', () => {
    const seen: (number | undefined)[] = [];
    const off = subscribeWallet(() => seen.push(wallet()?.credits));
    expect(wallet()).toBeNull();
    setWallet({ credits: 5, paid_user: false });
    setWallet({ credits: 5, paid_user: false });
    setWallet({ credits: 105, paid_user: true });
    expect(wallet()).toEqual({ credits: 105, paid_user: true });
    expect(seen).toEqual([5, 105]);
    off();
    setWallet({ credits: 90, paid_user: true });
    expect(seen).toEqual([5, 105]);
  });

  it('notices a change of Premium state alone', () => {
    setWallet({ credits: 0, paid_user: false });
    let calls = 0;
    const off = subscribeWallet(() => (calls += 1));
    setWallet({ credits: 0, paid_user: true });
    expect(calls).toBe(1);
    off();
  });
});
