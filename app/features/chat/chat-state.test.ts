import { describe, expect, it } from 'vitest';
import type { ChatMessage, ChatsResponse } from '../../../common/chat/chat-schema';
import type { MemberTile } from '../../../common/members/member-tile';
import { advanceState, applyToChats, groupByDay, markChatRead, newClientId, prependHistory, relativeDay, removeChat, upsertMessage, type UiMessage } from './chat-state';

const message = (id: number, extra: Partial<UiMessage> = {}): UiMessage => ({
  id,
  conversation: 7,
  client_id: `client${id}x`,
  mine: true,
  kind: 'text',
  text: `m${id}`,
  photo: null,
  gift: null,
  created_at: '2026-11-22T10:00:00.000Z',
  state: 'sent',
  ...extra,
});
const profile: MemberTile = { id: 42, name: 'Eva', age: 31, city: 'Utrecht', country: 'NL', photo: null, fictional: false };
const chats = (): ChatsResponse => ({
  chats: [
    { conversation: { id: 7, last_message_at: '2026-11-22T09:00:00.000Z', last_message: null }, profile, num_unread_messages: 2 },
    { conversation: { id: 8, last_message_at: '2026-11-21T09:00:00.000Z', last_message: null }, profile: { ...profile, id: 43 }, num_unread_messages: 1 },
  ],
  likes: [{ ...profile, id: 44, like_new: true }],
  total_unread_messages: 3,
  total_new_likes: 1,
});

describe('messages', () => {
  it('gives every message a fresh client id the API accepts', () => {
    const a = newClientId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(a);
  });

  it('replaces a pending message by the server one (same client id) and keeps pending ones last', () => {
    const pending = message(-1, { client_id: 'abcdefgh1', local: 'sending' });
    let list = upsertMessage([message(1)], pending);
    list = upsertMessage(list, message(3, { client_id: 'other-client' }));
    expect(list.map((m) => m.id)).toEqual([1, 3, -1]);
    list = upsertMessage(list, message(4, { client_id: 'abcdefgh1' }));
    expect(list.map((m) => m.id)).toEqual([1, 3, 4]);
    expect(list.some((m) => m.local)).toBe(false);
  });

  it('ignores a message it already has (an event after the send answer)', () => {
    const list = upsertMessage(upsertMessage([], message(5)), message(5));
    expect(list).toHaveLength(1);
  });

  it('prepends older history without duplicates', () => {
    expect(prependHistory([message(3), message(4)], [message(1), message(2), message(3)] as ChatMessage[]).map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });

  it('moves own messages forward to delivered and read, never back', () => {
    const list = [message(1, { state: 'read' }), message(2), message(3), message(4, { mine: false, state: 'read' })];
    const delivered = advanceState(list, 2, 'delivered');
    expect(delivered.map((m) => m.state)).toEqual(['read', 'delivered', 'sent', 'read']);
    expect(advanceState(delivered, 3, 'read').map((m) => m.state)).toEqual(['read', 'read', 'read', 'read']);
    expect(advanceState(list, 0, 'read')).toBe(list);
  });

  it('groups messages by local day', () => {
    const groups = groupByDay([
      message(1, { created_at: '2026-11-20T12:00:00' }),
      message(2, { created_at: '2026-11-20T13:00:00' }),
      message(3, { created_at: '2026-11-22T08:00:00' }),
    ]);
    expect(groups.map((g) => g.messages.length)).toEqual([2, 1]);
  });

  it('says today and yesterday', () => {
    const now = new Date('2026-11-22T15:00:00');
    expect(relativeDay('2026-11-22T08:00:00', now)).toBe('today');
    expect(relativeDay('2026-11-21T23:00:00', now)).toBe('yesterday');
    expect(relativeDay('2026-11-19T23:00:00', now)).toBeNull();
  });
});

describe('the chat list', () => {
  it('moves a chat with a new message to the top with its unread count', () => {
    const next = applyToChats(chats(), { kind: 'message', message: message(9, { conversation: 8, mine: false }), profile: { ...profile, id: 43 }, conversation_unread: 2, total_unread_messages: 4 }, null);
    expect(next.chats.map((c) => c.conversation.id)).toEqual([8, 7]);
    expect(next.chats[0]!.num_unread_messages).toBe(2);
    expect(next.chats[0]!.conversation.last_message?.text).toBe('m9');
    expect(next.total_unread_messages).toBe(4);
  });

  it('counts nothing unread in the open conversation, and a match with a new chat leaves the strip', () => {
    const next = applyToChats(chats(), { kind: 'message', message: message(9, { conversation: 11, mine: false }), profile: { ...profile, id: 44 }, conversation_unread: 1, total_unread_messages: 3 }, 11);
    expect(next.chats[0]).toMatchObject({ conversation: { id: 11 }, num_unread_messages: 0 });
    expect(next.likes).toEqual([]);
  });

  it('removes a deleted chat and marks a read one', () => {
    expect(removeChat(chats(), 7)).toMatchObject({ chats: [{ conversation: { id: 8 } }], total_unread_messages: 1 });
    expect(markChatRead(chats(), 7, 1).chats[0]!.num_unread_messages).toBe(0);
    const read = applyToChats(chats(), { kind: 'read', conversation: 8, up_to: 3, by: 'me', total_unread_messages: 2 }, null);
    expect(read.chats[1]!.num_unread_messages).toBe(0);
    expect(applyToChats(chats(), { kind: 'chat_deleted', conversation: 8, total_unread_messages: 2 }, null).chats).toHaveLength(1);
  });
});
