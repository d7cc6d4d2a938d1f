import { describe, expect, it } from 'vitest';
import type { ChatCosts, ChatWallet } from '../../../common/chat/chat-schema';
import { costConfirmed, costConfirmKey, costDecision, rememberCostConfirmed, sendCost } from './cost-gate';

const costs: ChatCosts = { message: 10, photo: 15, gift_base: 25, minimum_message_cost: null };
const wallet = (over: Partial<ChatWallet> = {}): ChatWallet => ({ credits: 20, paid_user: false, free_messages_left: 0, conversations_left: 2, ...over });

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('sendCost', () => {
  it('a text message is free while free messages last, then costs the site price', () => {
    expect(sendCost('text', costs, wallet({ free_messages_left: 1 }))).toBe(0);
    expect(sendCost('text', costs, wallet({ free_messages_left: 0 }))).toBe(10);
  });

  it('photos and gifts cost their price even with free messages left', () => {
    expect(sendCost('photo', costs, wallet({ free_messages_left: 3 }))).toBe(15);
    expect(sendCost('gift', costs, wallet({ free_messages_left: 3 }), 50)).toBe(50);
  });
});

describe('costDecision: when to ask', () => {
  it('asks before the first paid send the balance can pay', () => {
    expect(costDecision(10, 20, false)).toBe('confirm');
    expect(costDecision(20, 20, false)).toBe('confirm');
  });

  it('does not ask for a free send', () => {
    expect(costDecision(0, 0, false)).toBe('send');
    expect(costDecision(0, 20, false)).toBe('send');
  });

  it('does not ask again once confirmed in the conversation', () => {
    expect(costDecision(10, 20, true)).toBe('send');
    expect(costDecision(15, 500, true)).toBe('send');
  });

  it('sends what the balance cannot pay, so the server refuses it and the buy prompt follows', () => {
    expect(costDecision(21, 20, false)).toBe('send');
    expect(costDecision(10, 0, false)).toBe('send');
  });
});

describe('the confirmation is remembered per member and conversation', () => {
  it('is unset at first and set after remembering', () => {
    const store = memoryStore();
    expect(costConfirmed(7, 42, store)).toBe(false);
    rememberCostConfirmed(7, 42, store);
    expect(costConfirmed(7, 42, store)).toBe(true);
    expect(store.map.get(costConfirmKey(7, 42))).toBe('1');
  });

  it('holds for that conversation only, and not for another account in the same browser', () => {
    const store = memoryStore();
    rememberCostConfirmed(7, 42, store);
    expect(costConfirmed(7, 43, store)).toBe(false);
    expect(costConfirmed(8, 42, store)).toBe(false);
  });

  it('counts anything but the stored mark as not confirmed', () => {
    const store = memoryStore();
    store.setItem(costConfirmKey(7, 42), 'yes');
    expect(costConfirmed(7, 42, store)).toBe(false);
  });

  it('survives blocked storage: reading answers not confirmed, writing does not throw', () => {
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(costConfirmed(7, 42, blocked)).toBe(false);
    expect(() => rememberCostConfirmed(7, 42, blocked)).not.toThrow();
    expect(costConfirmed(7, 42, null)).toBe(false);
  });
});
