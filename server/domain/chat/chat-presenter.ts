import { GIFTS, type ChatCosts, type ChatMessage, type Gift, type MessageState } from '../../../common/chat/chat-schema';
import type { SiteSettingsRecord } from '../../../common/sites/site-settings';

/** A message row with what presenting it needs (photo keys joined). */
export interface MessageRow {
  id: number;
  conversationId: number;
  senderId: number;
  kind: string;
  body: string;
  clientId: string | null;
  gift: string | null;
  createdAt: Date;
  photoFile: string | null;
  photoThumb: string | null;
  photoWidth: number | null;
  photoHeight: number | null;
}

/** How far the other member got: their read and delivered pointers (message ids). */
export interface Pointers {
  readUpTo: number;
  deliveredUpTo: number;
}

export function stateOf(messageId: number, other: Pointers): MessageState {
  if (other.readUpTo >= messageId) return 'read';
  if (other.deliveredUpTo >= messageId) return 'delivered';
  return 'sent';
}

/**
 * A message as `readerId` sees it. `sign` turns storage keys into URLs: the file URL signer
 * for answers, the identity for stored events (signed when sent, member-events/present-event.ts).
 */
export function presentMessage(row: MessageRow, readerId: number, other: Pointers, sign: (key: string) => string): ChatMessage {
  const mine = row.senderId === readerId;
  return {
    id: row.id,
    conversation: row.conversationId,
    client_id: mine ? row.clientId : null,
    mine,
    kind: row.kind as ChatMessage['kind'],
    text: row.kind === 'text' ? row.body : '',
    photo: row.kind === 'photo' && row.photoFile && row.photoThumb ? { url: sign(row.photoFile), thumb: sign(row.photoThumb), width: row.photoWidth ?? 0, height: row.photoHeight ?? 0 } : null,
    gift: row.kind === 'gift' ? row.gift : null,
    created_at: row.createdAt.toISOString(),
    state: mine ? stateOf(row.id, other) : 'read',
  };
}

/** What a message of each kind costs on the site (a gift: gift_credits times its factor). */
export function messageCost(settings: Pick<SiteSettingsRecord, 'message_credits' | 'photo_credits' | 'gift_credits'>, kind: string, gift?: string | null): number {
  if (kind === 'photo') return settings.photo_credits;
  if (kind === 'gift') return settings.gift_credits * (GIFTS.find((g) => g.id === gift)?.factor ?? 1);
  return settings.message_credits;
}

export function giftCatalogue(settings: Pick<SiteSettingsRecord, 'gift_credits'>): Gift[] {
  return GIFTS.map((g) => ({ id: g.id, credits: settings.gift_credits * g.factor, image: `/gifts/${g.id}.svg` }));
}

export function chatCosts(settings: SiteSettingsRecord, country: string): ChatCosts {
  const minimum = settings.minimum_message_costs[country];
  return {
    message: settings.message_credits,
    photo: settings.photo_credits,
    gift_base: settings.gift_credits,
    minimum_message_cost: minimum ? { costs: minimum.costs, currency: minimum.currency } : null,
  };
}
