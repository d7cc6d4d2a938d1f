import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_HISTORY_LIMIT_FREE, EVENT_RETENTION_HOURS, type ChatResponse, type ChatsResponse, type SendMessageResponse } from '../../../common/chat/chat-schema';
import { FREE_CONVERSATIONS } from '../../../common/limits';
import { blocks, creditEntries, likes, memberEvents, members, messages, photos, sites } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { addCreditEntry, creditBalance } from '../credits/credits-repository';
import { client, loggedInMember, uploadChatPhoto } from '../../test-support/test-client';
import { acknowledgeMany } from './chat-service';
import { eventsAfter } from '../member-events/member-events-repository';
import { presentEvent } from '../member-events/present-event';
import { memberTile } from '../members/member-tiles';
import { gradientJpeg } from '../../test-support/test-images';
import { unreadTotalsOff } from '../../test-support/unread-totals';
import { createMember } from '../../test-support/test-members';

const t = testAppForFile();
let settings: { message_credits: number; photo_credits: number; gift_credits: number; free_messages: number; message_length: number };
beforeAll(async () => {
  const [site] = await t.database.db.select().from(sites).where(eq(sites.key, 'rendezvous'));
  settings = site!.settings;
});
// Every write of these tests keeps the members' unread totals (decision 0011).
afterEach(async () => expect(await unreadTotalsOff(t.database)).toEqual([]));

let n = 0;
const confirmed = () => ({ emailConfirmedAt: new Date(), name: `Chatter ${++n}` });
const member = (fields: Parameters<typeof loggedInMember>[1] = {}) => loggedInMember(t, { ...confirmed(), ...fields });
const cid = () => `c${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
const give = (memberId: number, amount: number) => addCreditEntry(t.database.db, { memberId, amount, kind: 'adjustment' });
const balance = (memberId: number) => creditBalance(t.database.db, memberId);

describe('sending messages', () => {
  it('charges message_credits after the free messages, books every charge in the ledger, and a retried client_id charges once', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 100);
    const sent: SendMessageResponse[] = [];
    for (let i = 0; i < settings.free_messages; i++) {
      const res = await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: `free ${i}` });
      expect(res.statusCode, res.body).toBe(200);
      sent.push(res.json());
    }
    expect(await balance(a.member.id)).toBe(100);
    expect(sent.at(-1)!.wallet.free_messages_left).toBe(0);

    const id = cid();
    const first = await a.api.post('/api/message.php', { profile: b.member.id, client_id: id, text: 'paid' });
    const retry = await a.api.post('/api/message.php', { profile: b.member.id, client_id: id, text: 'paid' });
    expect(first.statusCode).toBe(200);
    expect(retry.json<SendMessageResponse>().message.id).toBe(first.json<SendMessageResponse>().message.id);
    expect(await balance(a.member.id)).toBe(100 - settings.message_credits);
    const entries = await t.database.db.select().from(creditEntries).where(and(eq(creditEntries.memberId, a.member.id), eq(creditEntries.kind, 'message')));
    expect(entries).toEqual([expect.objectContaining({ amount: -settings.message_credits, idempotencyKey: `message:${first.json<SendMessageResponse>().message.id}` })]);
  });

  it('parallel sends spend the balance exactly: no message without payment, no double charge', async () => {
    const a = await member({ freeMessagesUsed: 99 });
    const b = await member();
    await give(a.member.id, settings.message_credits * 3);
    const ids = Array.from({ length: 6 }, cid);
    // Six different messages and a duplicate of each, all at once.
    const results = await Promise.all([...ids, ...ids].map((id) => a.api.post('/api/message.php', { profile: b.member.id, client_id: id, text: id })));
    const ok = results.filter((r) => r.statusCode === 200);
    expect(results.filter((r) => r.statusCode === 402).every((r) => r.json<{ error: { code: string } }>().error.code === 'notEnoughCredits')).toBe(true);
    const stored = await t.database.db.select().from(messages).where(eq(messages.senderId, a.member.id));
    expect(stored).toHaveLength(3);
    expect(new Set(ok.map((r) => r.json<SendMessageResponse>().message.id)).size).toBe(3);
    expect(await balance(a.member.id)).toBe(0);
  });

  it('refuses without enough credits, with the buy prompt’s message, and stores nothing', async () => {
    const a = await member({ freeMessagesUsed: 99 });
    const b = await member();
    const res = await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'hello' });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: { code: 'notEnoughCredits', message: 'You do not have enough credits' } });
    expect(await t.database.db.select().from(messages).where(eq(messages.senderId, a.member.id))).toHaveLength(0);
  });

  it(`lets a free member start ${FREE_CONVERSATIONS} conversations, a Premium member more`, async () => {
    const free = await member();
    const premium = await member({ paidUser: true });
    await give(free.member.id, 1000);
    await give(premium.member.id, 1000);
    const others = await Promise.all([member(), member(), member()]);
    for (const [i, o] of others.entries()) {
      const res = await free.api.post('/api/message.php', { profile: o.member.id, client_id: cid(), text: 'hi' });
      expect(res.statusCode, `conversation ${i + 1}`).toBe(i < FREE_CONVERSATIONS ? 200 : 403);
      if (i >= FREE_CONVERSATIONS) expect(res.json()).toMatchObject({ error: { code: 'conversationLimit' } });
      expect((await premium.api.post('/api/message.php', { profile: o.member.id, client_id: cid(), text: 'hi' })).statusCode).toBe(200);
    }
    // Replies in an existing conversation are not a new one.
    expect((await others[0]!.api.post('/api/message.php', { profile: free.member.id, client_id: cid(), text: 'hey' })).statusCode).not.toBe(403);
    const view = (await free.api.get(`/api/chat.php?profile=${others[2]!.member.id}`)).json<ChatResponse>();
    expect(view.cannot_write).toBe('conversation_limit');
  });

  it('refuses blocked members either way, and replies to a member whose e-mail is unconfirmed', async () => {
    const a = await member();
    const b = await member();
    const unconfirmed = await loggedInMember(t, { emailConfirmedAt: null, status: 'not_confirmed' });
    await give(a.member.id, 100);
    await give(unconfirmed.member.id, 100);
    await t.database.db.insert(blocks).values({ blockerId: b.member.id, blockedId: a.member.id });
    const blocked = await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'hi' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ error: { code: 'blocked' } });
    expect((await b.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'hi' })).statusCode).toBe(403);

    // The unconfirmed member can write; the other cannot reply until the address is confirmed.
    expect((await unconfirmed.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'hello from signup' })).statusCode).toBe(200);
    const reply = await a.api.post('/api/message.php', { profile: unconfirmed.member.id, client_id: cid(), text: 'hi back' });
    expect(reply.statusCode).toBe(403);
    // Unnamed: the unconfirmed member is not listed (the chat shows the neutral card).
    expect(reply.json<{ error: { code: string; message: string } }>().error).toEqual({ code: 'unconfirmedOther', message: 'This member cannot read replies until they confirm their e-mail address.' });
    const view = (await a.api.get(`/api/chat.php?profile=${unconfirmed.member.id}`)).json<ChatResponse>();
    expect(view.cannot_write).toBe('unconfirmed_other');
    expect((await unconfirmed.api.get(`/api/chat.php?profile=${a.member.id}`)).json<ChatResponse>().me_unconfirmed).toBe(true);
  });

  it('validates: too long, empty, to oneself, a gift that does not exist, another member’s photo, a NUL character', async () => {
    const a = await member();
    const b = await member();
    const tooLong = await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'x'.repeat(settings.message_length + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ error: { code: 'tooLong' } });
    expect((await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: '   ' })).statusCode).toBe(400);
    expect((await a.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'me' })).statusCode).toBe(400);
    expect((await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), kind: 'gift', gift: 'yacht' })).statusCode).toBe(400);
    expect((await a.api.post('/api/message.php', { profile: b.member.id, client_id: 'short', text: 'x' })).statusCode).toBe(400);
    expect((await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), kind: 'photo', photo_id: 999999 })).statusCode).toBe(400);
    // PostgreSQL text cannot hold NUL: invalid input, not a server error.
    const nul = await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'a\u0000b' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toMatchObject({ error: { code: 'invalidInput' } });
    expect(await t.database.db.select().from(messages).where(eq(messages.senderId, a.member.id))).toHaveLength(0);
  });

  it('prices a gift at gift_credits times its factor', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 1000);
    const res = await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), kind: 'gift', gift: 'diamond' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<SendMessageResponse>().message).toMatchObject({ kind: 'gift', gift: 'diamond', mine: true });
    expect(await balance(a.member.id)).toBe(1000 - settings.gift_credits * 8);
  });

  it('answers ids beyond the database’s range with 400 or 404, never a server error', async () => {
    const a = await member();
    const big = 3_000_000_000;
    for (const res of [
      await a.api.post('/api/message.php', { profile: big, client_id: cid(), text: 'hi' }),
      await a.api.get(`/api/chat.php?profile=${big}`),
      await a.api.get(`/api/chat.php?id=${big}`),
      await a.api.post('/api/chat-read.php', { conversation: big }),
      await a.api.delete('/api/chat.php', { profile: big }),
      await a.api.post('/api/like.php', { profile_id: big }),
      await a.api.get(`/api/member.php?id=${big}`),
      await a.api.get(`/api/member-card.php?id=${big}`),
    ]) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect([400, 404]).toContain(res.statusCode);
    }
  });

  it('visitors are asked to log in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/chats.php', headers: { host: 'localhost:3000', cookie: 'i18n_redirected=en' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { message: 'You need to be logged in to chat' } });
  });
});

describe('chat list, reading and deleting', () => {
  it('counts unread, clears it on opening, and deleting removes the chat until a new message', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 100);
    for (const text of ['one', 'two']) await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text });
    let chats = (await b.api.get('/api/chats.php')).json<ChatsResponse>();
    const chat = chats.chats.find((c) => c.profile.id === a.member.id)!;
    expect(chat.num_unread_messages).toBe(2);
    expect(chats.total_unread_messages).toBe(2);
    expect(chat.conversation.last_message).toMatchObject({ text: 'two', mine: false });
    expect((await b.api.get('/api/user.php')).json<{ user: { unread_messages: number } }>().user.unread_messages).toBe(2);

    const read = await b.api.post('/api/chat-read.php', { conversation: chat.conversation.id });
    expect(read.json()).toEqual({ total_unread_messages: 0 });
    // The sender sees the read state.
    const mine = (await a.api.get(`/api/chat.php?id=${chat.conversation.id}`)).json<ChatResponse>();
    expect(mine.messages.map((m) => [m.text, m.state])).toEqual([
      ['one', 'read'],
      ['two', 'read'],
    ]);

    const del = await b.api.delete('/api/chat.php', { conversation: chat.conversation.id });
    expect(del.statusCode).toBe(200);
    chats = (await b.api.get('/api/chats.php')).json<ChatsResponse>();
    expect(chats.chats.find((c) => c.profile.id === a.member.id)).toBeUndefined();
    expect((await b.api.get(`/api/chat.php?id=${chat.conversation.id}`)).json<ChatResponse>().messages).toEqual([]);

    await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'three' });
    const back = (await b.api.get(`/api/chat.php?id=${chat.conversation.id}`)).json<ChatResponse>();
    expect(back.messages.map((m) => m.text)).toEqual(['three']);
    // By profile id: every chat with that member.
    expect((await b.api.delete('/api/chat.php', { profile: a.member.id })).json()).toMatchObject({ deleted: 1 });
  });

  it('deleting a chat deletes the member’s stored events of it: resuming from the start replays none of it', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 100);
    const sent = (await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'forget me' })).json<SendMessageResponse>();
    await b.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'me too' });
    await b.api.post('/api/chat-read.php', { conversation: sent.message.conversation });
    expect((await b.api.delete('/api/chat.php', { conversation: sent.message.conversation })).statusCode).toBe(200);
    const stored = await t.database.db.select({ event: memberEvents.event }).from(memberEvents).where(eq(memberEvents.memberId, b.member.id));
    expect(stored.map((r) => (r.event as { kind: string }).kind)).toEqual(['chat_deleted']);
    // The other member keeps their history, and the events that go with it.
    const theirs = await eventsAfter(t.database.db, a.member.id, 0);
    if (theirs.reset) throw new Error('events gone');
    expect(theirs.events.filter((e) => e.event.kind === 'message')).toHaveLength(2);
  });

  it('deletes a chat photo once both members deleted the chat, not before', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 1000);
    const upload = await uploadChatPhoto(t, `auth.session=${a.session}`, await gradientJpeg(320, 240));
    const photoId = upload.json<{ photo_id: number }>().photo_id;
    const sent = (await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), kind: 'photo', photo_id: photoId })).json<SendMessageResponse>();
    const photo = async () => (await t.database.db.select().from(photos).where(eq(photos.id, photoId)))[0]!;
    const { filename } = await photo();
    expect((await b.api.delete('/api/chat.php', { conversation: sent.message.conversation })).statusCode).toBe(200);
    expect((await photo()).status).toBe('active');
    expect((await a.api.get(`/api/chat.php?id=${sent.message.conversation}`)).json<ChatResponse>().messages[0]!.photo).not.toBeNull();
    expect((await a.api.delete('/api/chat.php', { conversation: sent.message.conversation })).statusCode).toBe(200);
    expect((await photo()).status).toBe('deleted');
    expect(await t.app.photoStorage.get(filename)).toBeNull();
  });

  it('replays and shows a photo message without its photo once the photo is deleted: no fresh signed URL', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 1000);
    const upload = await uploadChatPhoto(t, `auth.session=${a.session}`, await gradientJpeg(320, 240));
    const photoId = upload.json<{ photo_id: number }>().photo_id;
    expect((await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), kind: 'photo', photo_id: photoId })).statusCode).toBe(200);
    const before = await eventsAfter(t.database.db, b.member.id, 0);
    if (before.reset || before.events[0]?.event.kind !== 'message') throw new Error('no message event');
    expect(before.events[0].event.message.photo).not.toBeNull();
    expect((await a.api.delete('/api/photos.php', { id: photoId })).statusCode).toBe(200);
    const after = await eventsAfter(t.database.db, b.member.id, 0);
    if (after.reset || after.events[0]?.event.kind !== 'message') throw new Error('no message event');
    expect(after.events[0].event.message.photo).toBeNull();
    // The conversation view signs it no more either.
    const view = (await b.api.get(`/api/chat.php?profile=${a.member.id}`)).json<ChatResponse>();
    expect(view.messages.map((m) => [m.kind, m.photo])).toEqual([['photo', null]]);
  });

  it('never shows another member’s conversation', async () => {
    const a = await member();
    const b = await member();
    const stranger = await member();
    await give(a.member.id, 100);
    const sent = (await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'private' })).json<SendMessageResponse>();
    const id = sent.message.conversation;
    expect((await stranger.api.get(`/api/chat.php?id=${id}`)).statusCode).toBe(404);
    expect((await stranger.api.post('/api/chat-read.php', { conversation: id })).statusCode).toBe(404);
    expect((await stranger.api.delete('/api/chat.php', { conversation: id })).statusCode).toBe(404);
    expect((await stranger.api.get('/api/chats.php')).json<ChatsResponse>().chats).toEqual([]);
  });

  it(`shows a free member the last ${CHAT_HISTORY_LIMIT_FREE} messages and says how many are hidden; Premium sees all`, async () => {
    const free = await member();
    const premium = await member({ paidUser: true });
    const [{ id: conversationId }] = (
      await t.database.db.execute<{ id: number }>(sql`
        with c as (insert into conversations (site_id, member_low_id, member_high_id, started_by)
          values (${free.member.siteId}, ${Math.min(free.member.id, premium.member.id)}, ${Math.max(free.member.id, premium.member.id)}, ${premium.member.id}) returning id)
        select id from c`)
    ).rows as [{ id: number }];
    await t.database.db.execute(sql`insert into conversation_members (conversation_id, member_id, other_id) values (${conversationId}, ${free.member.id}, ${premium.member.id}), (${conversationId}, ${premium.member.id}, ${free.member.id})`);
    await t.database.db.execute(sql`insert into messages (conversation_id, sender_id, body, client_id) select ${conversationId}, ${premium.member.id}, 'm' || i, 'h' || i from generate_series(1, 70) i`);
    await t.database.db.execute(sql`update conversations set last_message_id = (select max(id) from messages where conversation_id = ${conversationId}) where id = ${conversationId}`);

    const freeView = (await free.api.get(`/api/chat.php?id=${conversationId}`)).json<ChatResponse>();
    expect(freeView.hidden_messages).toBe(70 - CHAT_HISTORY_LIMIT_FREE);
    expect(freeView.messages).toHaveLength(CHAT_HISTORY_LIMIT_FREE);
    expect(freeView.messages.at(-1)!.text).toBe('m70');
    expect(freeView.has_more).toBe(false);
    const premiumView = (await premium.api.get(`/api/chat.php?id=${conversationId}`)).json<ChatResponse>();
    expect(premiumView.hidden_messages).toBe(0);
    expect(premiumView.has_more).toBe(true);
    const older = (await premium.api.get(`/api/chat.php?id=${conversationId}&before=${premiumView.messages[0]!.id}`)).json<ChatResponse>();
    expect(older.messages.map((m) => m.text)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 1}`));
  });
});

describe('who the chat shows (the visibility rule of search and profile view)', () => {
  const neutral = (id: number, name = 'Member not available') => ({ id, name, age: 0, city: null, country: '', photo: null, fictional: false, unavailable: true });

  it('finds no hidden member by profile id, and shows a member who blocked the caller as a neutral card', async () => {
    const a = await member();
    const invisible = await createMember(t.database.db, { ...confirmed(), invisible: true, city: 'Utrecht' });
    const unconfirmed = await createMember(t.database.db, { ...confirmed(), status: 'not_confirmed' });
    const leaving = await createMember(t.database.db, { ...confirmed(), status: 'pending_deletion' });
    for (const other of [invisible, unconfirmed, leaving]) {
      const res = await a.api.get(`/api/chat.php?profile=${other.id}`);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(other.name);
    }
    const blocker = await member({ city: 'Leiden' });
    await t.database.db.insert(blocks).values({ blockerId: blocker.member.id, blockedId: a.member.id });
    const view = (await a.api.get(`/api/chat.php?profile=${blocker.member.id}`)).json<ChatResponse>();
    expect(view.profile).toEqual(neutral(blocker.member.id));
    expect(view.cannot_write).toBe('blocked');
  });

  it('keeps a conversation readable behind a neutral card once the other member is hidden or deleted, in the reader’s language', async () => {
    const a = await member();
    await give(a.member.id, 100);
    for (const change of [{ invisible: true }, { status: 'pending_deletion' as const, deletionRequestedAt: new Date() }]) {
      const b = await member({ city: 'Haarlem' });
      const sent = (await b.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'still here' })).json<SendMessageResponse>();
      await t.database.db.update(members).set(change).where(eq(members.id, b.member.id));
      const view = (await a.api.get(`/api/chat.php?id=${sent.message.conversation}`)).json<ChatResponse>();
      expect(view.profile).toEqual(neutral(b.member.id));
      expect(view.messages.map((m) => m.text)).toEqual(['still here']);
      expect(JSON.stringify(view)).not.toContain(b.member.name);
      const inGerman = (await client(t, a.session, 'de').get(`/api/chat.php?id=${sent.message.conversation}`)).json<ChatResponse>();
      expect(inGerman.profile).toEqual(neutral(b.member.id, 'Mitglied nicht verfügbar'));
    }
    const b = await member({ invisible: true });
    await b.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'hidden sender' });
    const list = (await a.api.get('/api/chats.php')).json<ChatsResponse>();
    const item = list.chats.find((c) => c.profile.id === b.member.id)!;
    expect(item.profile).toEqual(neutral(b.member.id));
    expect(item.conversation.last_message?.text).toBe('hidden sender');
  });

  it('a first message finds listed members only: an invisible or unconfirmed one is not found, and nothing is stored', async () => {
    const a = await member();
    await give(a.member.id, 100);
    const invisible = await createMember(t.database.db, { ...confirmed(), invisible: true });
    const unconfirmed = await createMember(t.database.db, { status: 'not_confirmed' });
    for (const other of [invisible, unconfirmed]) {
      const res = await a.api.post('/api/message.php', { profile: other.id, client_id: cid(), text: 'found you?' });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'memberNotFound' } });
      expect(res.body).not.toContain(other.name);
    }
    expect(await t.database.db.select().from(messages).where(eq(messages.senderId, a.member.id))).toEqual([]);
  });

  it('a hidden sender reaches the recipient’s live events as the neutral card, a listed one with their tile', async () => {
    const a = await member();
    const hidden = await member({ invisible: true, city: 'Delft' });
    const listed = await member({ city: 'Gouda' });
    await give(hidden.member.id, 100);
    await give(listed.member.id, 100);
    for (const sender of [hidden, listed]) expect((await sender.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'hi' })).statusCode).toBe(200);
    // And the batch path (sends arriving together go in one call).
    await Promise.all([hidden, listed].map((sender) => sender.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'again' })));
    const replay = await eventsAfter(t.database.db, a.member.id, 0);
    if (replay.reset) throw new Error('events gone');
    const profiles = replay.events.flatMap(({ event }) => (event.kind === 'message' ? [event.profile] : []));
    expect(profiles.filter((p) => p.id === hidden.member.id)).toEqual([neutral(hidden.member.id, ''), neutral(hidden.member.id, '')]);
    expect(profiles.filter((p) => p.id === listed.member.id).map((p) => p.city)).toEqual(['Gouda', 'Gouda']);
    expect(JSON.stringify(replay.events)).not.toContain('Delft');
  });

  it('never lists a hidden member among the matches', async () => {
    const a = await member();
    const b = await member();
    await t.database.db.insert(likes).values([
      { likerId: a.member.id, likedId: b.member.id },
      { likerId: b.member.id, likedId: a.member.id },
    ]);
    expect((await a.api.get('/api/chats.php')).json<ChatsResponse>().likes.map((l) => l.id)).toEqual([b.member.id]);
    await t.database.db.update(members).set({ invisible: true }).where(eq(members.id, b.member.id));
    expect((await a.api.get('/api/chats.php')).json<ChatsResponse>().likes).toEqual([]);
  });

  it('member-card.php does not show a member who blocked the caller, or whom the caller blocked', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    expect((await a.api.get(`/api/member-card.php?id=${b.member.id}`)).statusCode).toBe(200);
    await t.database.db.insert(blocks).values([
      { blockerId: b.member.id, blockedId: a.member.id },
      { blockerId: a.member.id, blockedId: c.member.id },
    ]);
    expect((await a.api.get(`/api/member-card.php?id=${b.member.id}`)).statusCode).toBe(404);
    expect((await a.api.get(`/api/member-card.php?id=${c.member.id}`)).statusCode).toBe(404);
    // Visitors still see the public card.
    expect((await t.app.inject({ url: `/api/member-card.php?id=${b.member.id}`, headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
  });
});

describe('live events', () => {
  it('carry each message as the conversation view shows it (text, photo, gift) and the sender as their tile', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 1000);
    const upload = await uploadChatPhoto(t, `auth.session=${a.session}`, await gradientJpeg(320, 240));
    expect(upload.statusCode, upload.body).toBe(200);
    const photoId = upload.json<{ photo_id: number }>().photo_id;
    const sends = [
      { kind: 'text', text: 'Hello “there” \\ ✓' },
      { kind: 'photo', photo_id: photoId },
      { kind: 'gift', gift: 'rose' },
    ];
    const answers: SendMessageResponse[] = [];
    for (const body of sends) {
      const res = await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), ...body });
      expect(res.statusCode, res.body).toBe(200);
      answers.push(res.json<SendMessageResponse>());
    }
    // Signed URLs differ in their signature only: compare the paths.
    const unsigned = (value: unknown) => JSON.parse(JSON.stringify(value).replace(/\?[^"]*"/g, '"')) as unknown;
    const received = await eventsAfter(t.database.db, b.member.id, 0);
    const echoed = await eventsAfter(t.database.db, a.member.id, 0);
    if (received.reset || echoed.reset) throw new Error('events gone');
    const theirView = (await b.api.get(`/api/chat.php?profile=${a.member.id}`)).json<ChatResponse>();
    const myView = (await a.api.get(`/api/chat.php?profile=${b.member.id}`)).json<ChatResponse>();
    const tileOfA = await memberTile(t.database.db, a.member.id);
    const tileOfB = await memberTile(t.database.db, b.member.id);
    received.events.forEach(({ event }, i) => {
      if (event.kind !== 'message') throw new Error(`not a message: ${event.kind}`);
      expect(unsigned(presentEvent(t.app.photoUrls, event).message)).toEqual(unsigned(theirView.messages[i]));
      expect(event.profile).toEqual(tileOfA);
      expect(event.conversation_unread).toBe(i + 1);
    });
    echoed.events.forEach(({ event }, i) => {
      if (event.kind !== 'message') throw new Error(`not a message: ${event.kind}`);
      expect(unsigned(presentEvent(t.app.photoUrls, event).message)).toEqual(unsigned(myView.messages[i]));
      expect(unsigned(answers[i]!.message)).toEqual(unsigned(myView.messages[i]));
      expect(event.profile).toEqual(tileOfB);
    });
    expect(myView.messages.map((m) => m.kind)).toEqual(['text', 'photo', 'gift']);
    expect(myView.messages[1]!.photo).toMatchObject({ width: 320, height: 240 });
  });

  it('numbers each member’s events without gaps; an acknowledged message is delivered', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 100);
    const sent = (await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'live' })).json<SendMessageResponse>();
    const bEvents = await eventsAfter(t.database.db, b.member.id, 0);
    expect(bEvents).toMatchObject({ reset: false, events: [{ seq: 1, event: { kind: 'message', message: { text: 'live', mine: false }, total_unread_messages: 1 } }] });
    const aEvents = await eventsAfter(t.database.db, a.member.id, 0);
    expect(aEvents).toMatchObject({ reset: false, events: [{ seq: 1, event: { kind: 'message', message: { mine: true } } }] });
    // The user object says where a page's data stands, so the page's live connection resumes there.
    expect((await b.api.get('/api/user.php')).json<{ user: { live_seq: number } }>().user.live_seq).toBe(1);

    await acknowledgeMany(t.app.chat, new Map([[b.member.id, { seq: 1, after: 0 }]]));
    expect((await a.api.get(`/api/chat.php?id=${sent.message.conversation}`)).json<ChatResponse>().messages[0]!.state).toBe('delivered');
    const delivered = await eventsAfter(t.database.db, a.member.id, 1);
    expect(delivered).toMatchObject({ reset: false, events: [{ seq: 2, event: { kind: 'delivered', conversation: sent.message.conversation, up_to: sent.message.id } }] });
    // Acknowledging again changes nothing.
    await acknowledgeMany(t.app.chat, new Map([[b.member.id, { seq: 1, after: 0 }]]));
    expect(await eventsAfter(t.database.db, a.member.id, 2)).toEqual({ reset: false, events: [] });
  });

  it('tells a tab to reload when the events it missed are gone', async () => {
    const a = await member();
    const b = await member();
    await give(a.member.id, 100);
    for (const text of ['x', 'y']) await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text });
    await t.database.db.delete(memberEvents).where(and(eq(memberEvents.memberId, b.member.id), eq(memberEvents.seq, 1)));
    expect(await eventsAfter(t.database.db, b.member.id, 0)).toEqual({ reset: true, seq: 2 });
    expect(await eventsAfter(t.database.db, b.member.id, 5)).toEqual({ reset: true, seq: 2 });
    expect(await eventsAfter(t.database.db, b.member.id, 1)).toMatchObject({ reset: false, events: [{ seq: 2 }] });
  });
});

describe('delivery receipts in batches', () => {
  it('move every member’s ticks in one call, reading only the events after what was acknowledged before', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await give(a.member.id, 100);
    await give(c.member.id, 100);
    const toB = [];
    for (const text of ['one', 'two']) toB.push((await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text })).json<SendMessageResponse>().message);
    const toA = (await c.api.post('/api/message.php', { profile: a.member.id, client_id: cid(), text: 'three' })).json<SendMessageResponse>().message;
    const stateOf = async (viewer: typeof a, conversation: number) => (await viewer.api.get(`/api/chat.php?id=${conversation}`)).json<ChatResponse>().messages.map((m) => m.state);

    // Events up to `after` were acknowledged before: they are not read again.
    await acknowledgeMany(t.app.chat, new Map([[b.member.id, { seq: 1, after: 1 }]]));
    expect(await stateOf(a, toB[0]!.conversation)).toEqual(['sent', 'sent']);
    // b says it already acknowledged event 1 (the first message): only event 2 is read, which moves the tick to the second;
    // a's events are its own two messages and then c's.
    await acknowledgeMany(t.app.chat, new Map([[b.member.id, { seq: 2, after: 1 }], [a.member.id, { seq: 3, after: 0 }]]));
    expect(await stateOf(a, toB[0]!.conversation)).toEqual(['delivered', 'delivered']);
    expect(await stateOf(c, toA.conversation)).toEqual(['delivered']);
    // An acknowledgement with nothing new after it changes nothing and adds no events.
    const before = await eventsAfter(t.database.db, a.member.id, 0);
    await acknowledgeMany(t.app.chat, new Map([[b.member.id, { seq: 2, after: 2 }]]));
    expect(await eventsAfter(t.database.db, a.member.id, 0)).toEqual(before);
  });
});

describe('live events retention', () => {
  it('the hourly purge drops events older than the retention only', async () => {
    const { liveEventsPurgeJob } = await import('../../jobs/live-events-purge-job');
    const a = await member();
    const b = await member();
    await give(a.member.id, 100);
    await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'old' });
    await t.database.db.update(memberEvents).set({ createdAt: new Date(Date.now() - (EVENT_RETENTION_HOURS + 1) * 3600_000) }).where(eq(memberEvents.memberId, b.member.id));
    await a.api.post('/api/message.php', { profile: b.member.id, client_id: cid(), text: 'new' });
    await t.app.jobs.runOnce(liveEventsPurgeJob, new Date());
    const left = await t.database.db.select({ seq: memberEvents.seq }).from(memberEvents).where(eq(memberEvents.memberId, b.member.id));
    expect(left.map((r) => r.seq)).toEqual([2]);
  });
});
