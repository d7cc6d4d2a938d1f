import type { ChatCosts, ChatWallet, MessageKind } from '../../../common/chat/chat-schema';

/**
 * No surprise charges (issue 25): before the first send that costs credits in a conversation
 * the member confirms the price once; this browser remembers it for that conversation.
 */

/** What sending `kind` costs this member now: a gift its own price, a text message 0 while free messages last (spec 1, 6). */
export function sendCost(kind: MessageKind, costs: ChatCosts, wallet: ChatWallet, giftCredits = 0): number {
  if (kind === 'photo') return costs.photo;
  if (kind === 'gift') return giftCredits;
  // The server counts free messages for text only, and never for Premium members (their free_messages_left is 0).
  return wallet.free_messages_left > 0 ? 0 : costs.message;
}

export type CostDecision = 'send' | 'confirm';

/**
 * Whether to ask first. Free sends go at once; so does one the balance cannot pay: the server
 * refuses it and the member gets the buy prompt (the wallet shown may also be out of date,
 * after a purchase in another tab). Otherwise ask until the member confirmed here once.
 */
export function costDecision(cost: number, credits: number, confirmed: boolean): CostDecision {
  if (cost <= 0 || cost > credits || confirmed) return 'send';
  return 'confirm';
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): Store | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Keyed by the member and the other member (a conversation has no id before its first
 * message): another account in the same browser is asked again.
 */
export function costConfirmKey(member: number, profile: number): string {
  return `rendezvous.chat-cost-confirmed.${member}.${profile}`;
}

export function costConfirmed(member: number, profile: number, store: Store | null = storage()): boolean {
  try {
    return store?.getItem(costConfirmKey(member, profile)) === '1';
  } catch {
    return false;
  }
}

export function rememberCostConfirmed(member: number, profile: number, store: Store | null = storage()): void {
  try {
    store?.setItem(costConfirmKey(member, profile), '1');
  } catch {
    // Blocked or full storage: the caller remembers it for this page view.
  }
}
