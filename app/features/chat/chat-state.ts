import type { ChatListItem, ChatMessage, ChatsResponse, LiveEvent } from '../../../common/chat/chat-schema';

/** A message as the conversation shows it: a server message, or one of ours still on its way. */
export type UiMessage = ChatMessage & {
  /** sending: not confirmed by the server yet; failed: the send gave up (see `error`). */
  local?: 'sending' | 'failed';
  error?: string;
};

/** A client id for a new message: random, reused on every retry of that message (idempotent sends). */
export function newClientId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/** Inserts or replaces `message` (matched by id, else by client id), keeping server order (ids) with pending ones last. */
export function upsertMessage(messages: UiMessage[], message: UiMessage): UiMessage[] {
  const index = messages.findIndex((m) => (message.local ? false : m.id === message.id) || (message.client_id !== null && m.client_id === message.client_id));
  const next = index === -1 ? [...messages, message] : messages.map((m, i) => (i === index ? message : m));
  return next.sort(byOrder);
}

function byOrder(a: UiMessage, b: UiMessage): number {
  if (Boolean(a.local) !== Boolean(b.local)) return a.local ? 1 : -1;
  return a.local ? 0 : a.id - b.id;
}

/** Older history loaded with `before`: prepended, without duplicates. */
export function prependHistory(messages: UiMessage[], older: ChatMessage[]): UiMessage[] {
  const known = new Set(messages.map((m) => m.id));
  return [...older.filter((m) => !known.has(m.id)), ...messages];
}

const STATE_RANK = { sent: 0, delivered: 1, read: 2 } as const;

/** Read or delivered receipts: own messages up to `upTo` move forward to `state` (never back). */
export function advanceState(messages: UiMessage[], upTo: number, state: 'delivered' | 'read'): UiMessage[] {
  let changed = false;
  const next = messages.map((m) => {
    if (!m.mine || m.local || m.id > upTo || STATE_RANK[m.state] >= STATE_RANK[state]) return m;
    changed = true;
    return { ...m, state };
  });
  return changed ? next : messages;
}

/** The chat list after a live event (null: the event needs a reload of the list, e.g. a new match). */
export function applyToChats(chats: ChatsResponse, event: LiveEvent, openConversation: number | null): ChatsResponse {
  switch (event.kind) {
    case 'message': {
      const { message } = event;
      const existing = chats.chats.find((c) => c.conversation.id === message.conversation);
      const item: ChatListItem = {
        conversation: {
          id: message.conversation,
          last_message_at: message.created_at,
          last_message: { kind: message.kind, text: message.text, gift: message.gift, mine: message.mine, state: message.state },
        },
        profile: existing?.profile ?? event.profile,
        num_unread_messages: message.conversation === openConversation ? 0 : event.conversation_unread,
      };
      return {
        ...chats,
        chats: [item, ...chats.chats.filter((c) => c.conversation.id !== message.conversation)],
        // A match who now has a chat leaves the strip of matches without one.
        likes: chats.likes.filter((l) => l.id !== item.profile.id),
        total_unread_messages: event.total_unread_messages,
      };
    }
    case 'read':
      return {
        ...chats,
        chats: chats.chats.map((c) => {
          if (c.conversation.id !== event.conversation) return c;
          if (event.by === 'me') return { ...c, num_unread_messages: 0 };
          const last = c.conversation.last_message;
          return last?.mine ? { ...c, conversation: { ...c.conversation, last_message: { ...last, state: 'read' } } } : c;
        }),
        total_unread_messages: event.total_unread_messages,
      };
    case 'chat_deleted':
      return removeChat(chats, event.conversation, event.total_unread_messages);
    default:
      return chats;
  }
}

/** The list without one conversation (removed at once when the member deletes it). */
export function removeChat(chats: ChatsResponse, conversation: number, totalUnread?: number): ChatsResponse {
  const gone = chats.chats.find((c) => c.conversation.id === conversation);
  return {
    ...chats,
    chats: chats.chats.filter((c) => c.conversation.id !== conversation),
    total_unread_messages: totalUnread ?? Math.max(0, chats.total_unread_messages - (gone?.num_unread_messages ?? 0)),
  };
}

/** The list with one conversation's unread count at 0 (the member opened it). */
export function markChatRead(chats: ChatsResponse, conversation: number, totalUnread: number): ChatsResponse {
  return {
    ...chats,
    chats: chats.chats.map((c) => (c.conversation.id === conversation && c.num_unread_messages > 0 ? { ...c, num_unread_messages: 0 } : c)),
    total_unread_messages: totalUnread,
  };
}

/** Local calendar day of an ISO time, as YYYY-MM-DD (day separators). */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** 'today', 'yesterday' or null (then the date in the member's locale). */
export function relativeDay(iso: string, now: Date = new Date()): 'today' | 'yesterday' | null {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return key === dayKey(yesterday.toISOString()) ? 'yesterday' : null;
}

/** Messages grouped by day, in order: each group starts with a day separator. */
export function groupByDay<T extends { created_at: string }>(messages: T[]): { day: string; first: string; messages: T[] }[] {
  const groups: { day: string; first: string; messages: T[] }[] = [];
  for (const m of messages) {
    const day = dayKey(m.created_at);
    const last = groups.at(-1);
    if (last?.day === day) last.messages.push(m);
    else groups.push({ day, first: m.created_at, messages: [m] });
  }
  return groups;
}
