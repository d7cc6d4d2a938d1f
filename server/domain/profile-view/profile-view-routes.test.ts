import { and, eq, or } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FREE_VISIBLE_PHOTOS, VISITOR_VISIBLE_PHOTOS, type MemberProfile } from '../../../common/profile-view/member-profile';
import type { LiveEvent } from '../../../common/chat/chat-schema';
import { blocks, conversationMembers, conversations, likes, memberEvents, members, messages, photos } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { loggedInMember, uploadChatPhoto } from '../../test-support/test-client';
import { gradientJpeg } from '../../test-support/test-images';
import { totalUnread } from '../chat/chat-repository';
import { appendEvents, eventsAfter } from '../member-events/member-events-repository';
import { addCreditEntry } from '../credits/credits-repository';
import { unreadTotalsOff } from '../../test-support/unread-totals';

const t = testAppForFile();
let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await gradientJpeg(400, 500);
});
// Every write of these tests keeps the members' unread totals (decision 0011).
afterEach(async () => expect(await unreadTotalsOff(t.database)).toEqual([]));

const host = 'localhost:3000';
let ip = 0;
const nextIp = () => `198.51.100.${(ip += 1) % 250}`;
const db = () => t.database.db;

const logIn = (overrides: Parameters<typeof createMember>[1] = {}) => loggedInMember(t, overrides);

/** A premium member with `n` approved uploaded photos (real files behind signed URLs). */
async function ownerWithPhotos(n: number, overrides: Parameters<typeof createMember>[1] = {}) {
  const owner = await logIn({ paidUser: true, regionCode: 'NH', city: 'Amsterdam', interests: ['beach', 'wine'], about: 'Hello there', cellLat: 52.35, cellLon: 4.85, ...overrides });
  for (let i = 0; i < n; i += 1) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos.php',
      remoteAddress: nextIp(),
      headers: { host, origin: `http://${host}`, 'content-type': 'image/jpeg', cookie: owner.cookie },
      payload: jpeg,
    });
    expect(res.statusCode).toBe(200);
  }
  await db().update(photos).set({ status: 'active' }).where(eq(photos.memberId, owner.member.id));
  return owner;
}

const view = (id: number, cookie = 'i18n_redirected=en') => t.app.inject({ url: `/api/member.php?id=${id}`, headers: { host, cookie } });
const send = (method: 'POST' | 'DELETE', url: string, cookie: string, payload: object) =>
  t.app.inject({ method, url, remoteAddress: nextIp(), headers: { host, origin: `http://${host}`, cookie, 'content-type': 'application/json' }, payload });

const confirmed = () => ({ emailConfirmedAt: new Date() });
const unlocked = (p: MemberProfile) => p.photos.filter((x) => !x.locked);

describe('GET /api/member.php photo sets', () => {
  it('shows visitors the main photo and one more, free members two more, premium members all', async () => {
    const { member } = await ownerWithPhotos(5);
    const visitor = (await view(member.id)).json() as MemberProfile;
    const free = (await view(member.id, (await logIn()).cookie)).json() as MemberProfile;
    const premium = (await view(member.id, (await logIn({ paidUser: true })).cookie)).json() as MemberProfile;
    expect(visitor.photos).toHaveLength(5);
    expect(unlocked(visitor)).toHaveLength(VISITOR_VISIBLE_PHOTOS);
    expect(unlocked(free)).toHaveLength(FREE_VISIBLE_PHOTOS);
    expect(unlocked(premium)).toHaveLength(5);
    expect([visitor.viewer, free.viewer, premium.viewer]).toEqual(['visitor', 'free', 'premium']);
    // The main photo comes first.
    const [main] = await db().select({ id: members.mainPhotoId }).from(members).where(eq(members.id, member.id));
    expect(visitor.photos[0]).toMatchObject({ locked: false, id: main!.id });
  });

  it('sends locked photos without any URL, and their files are unreachable without a signature', async () => {
    const { member } = await ownerWithPhotos(4);
    const res = await view(member.id);
    const profile = res.json() as MemberProfile;
    const locked = profile.photos.filter((p) => p.locked);
    expect(locked).toEqual([{ locked: true }, { locked: true }]);
    const stored = await db().select().from(photos).where(eq(photos.memberId, member.id));
    const sentIds = unlocked(profile).map((p) => p.id);
    const hidden = stored.filter((p) => !sentIds.includes(p.id));
    expect(hidden).toHaveLength(2);
    for (const p of hidden) {
      expect(res.body).not.toContain(p.filename);
      expect(res.body).not.toContain(p.thumbFilename);
      expect((await t.app.inject({ url: `/media/${p.filename}`, headers: { host } })).statusCode).toBeGreaterThanOrEqual(400);
      const forged = await t.app.inject({ url: `/media/s/9999999999/AAAAAAAAAAAAAAAAAAAAAA/${p.filename}`, headers: { host } });
      expect(forged.statusCode).toBeGreaterThanOrEqual(400);
    }
    // The URLs that were sent do work.
    const first = unlocked(profile)[0]!;
    expect((await t.app.inject({ url: first.url, headers: { host } })).statusCode).toBe(200);
  });

  it('never sends e-mail, birth date or coordinates, and sends age, city, region and interests', async () => {
    const { member } = await ownerWithPhotos(1);
    const res = await view(member.id, (await logIn({ paidUser: true })).cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(member.email);
    expect(res.body).not.toContain(member.birthDate);
    expect(res.body).not.toMatch(/52\.35|4\.85|cell|birth|email|distance/i);
    const profile = res.json() as MemberProfile;
    expect(profile).toMatchObject({ id: member.id, name: member.name, city: 'Amsterdam', region: 'Noord-Holland', about: 'Hello there', fictional: false, blocked_by_me: false });
    expect(profile.age).toBeGreaterThanOrEqual(18);
    expect(profile.interests).toEqual([
      { id: 'beach', icon: expect.any(String) as string, name: 'Beach' },
      { id: 'wine', icon: expect.any(String) as string, name: 'Wine' },
    ]);
  });

  it('answers 404 for invisible, unconfirmed, deleted, disabled and other-site members', async () => {
    const viewer = await logIn();
    const hidden = [
      await createMember(db(), { invisible: true }),
      await createMember(db(), { status: 'not_confirmed' }),
      await createMember(db(), { status: 'pending_deletion' }),
      await createMember(db(), { profileStatus: 'disabled' }),
      await createMember(db(), { siteKey: 'flirtdate' }),
    ];
    for (const m of hidden) {
      expect((await view(m.id)).statusCode).toBe(404);
      expect((await view(m.id, viewer.cookie)).statusCode).toBe(404);
    }
    expect((await view(99_999_999)).statusCode).toBe(404);
  });

  it("shows members their own profile with every photo, even while it is hidden from others", async () => {
    const owner = await ownerWithPhotos(4, { invisible: true });
    const own = (await view(owner.member.id, owner.cookie)).json() as MemberProfile;
    expect(own).toMatchObject({ self: true, viewer: 'self' });
    expect(unlocked(own)).toHaveLength(4);
    expect((await view(owner.member.id)).statusCode).toBe(404);
  });

  it('flags fictional profiles', async () => {
    const fictional = await createMember(db(), { fictional: true });
    expect(((await view(fictional.id)).json() as MemberProfile).fictional).toBe(true);
  });

  it('reports the like state: liked, liked by them, match', async () => {
    const viewer = await logIn();
    const other = await createMember(db());
    expect(((await view(other.id, viewer.cookie)).json() as MemberProfile).like).toEqual({ liked: false, liked_by_them: false, match: false });
    await db().insert(likes).values({ likerId: other.id, likedId: viewer.member.id });
    expect(((await view(other.id, viewer.cookie)).json() as MemberProfile).like).toEqual({ liked: false, liked_by_them: true, match: false });
    await db().insert(likes).values({ likerId: viewer.member.id, likedId: other.id });
    expect(((await view(other.id, viewer.cookie)).json() as MemberProfile).like).toEqual({ liked: true, liked_by_them: true, match: true });
  });

  it('hides the about text when the site turns visible_profile_notes off', async () => {
    const { member } = await ownerWithPhotos(0);
    const site = t.app.sites.list().find((s) => s.row.key === 'rendezvous')!;
    const before = site.row.settings.visible_profile_notes;
    site.row.settings.visible_profile_notes = false;
    try {
      expect((await view(member.id)).json()).not.toHaveProperty('about');
    } finally {
      site.row.settings.visible_profile_notes = before;
    }
  });
});

describe('blocking', () => {
  it('blocks both ways: the blocked member gets 403 naming the blocker, the blocker sees blocked_by_me', async () => {
    const blocker = await logIn({ name: 'Blocking Betty' });
    const blocked = await logIn();
    expect((await send('POST', '/api/block.php', blocker.cookie, { profile_id: blocked.member.id })).statusCode).toBe(200);
    const refused = await view(blocker.member.id, blocked.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe("You're blocked by Blocking Betty");
    const deRefused = await view(blocker.member.id, blocked.cookie.replace('i18n_redirected=en', 'i18n_redirected=de'));
    expect(deRefused.json().error.message).toBe('Du wurdest von Blocking Betty blockiert');
    const own = await view(blocked.member.id, blocker.cookie);
    expect(own.statusCode).toBe(200);
    expect((own.json() as MemberProfile).blocked_by_me).toBe(true);
    // Visitors and other members still see the blocker.
    expect((await view(blocker.member.id)).statusCode).toBe(200);
    // Unblock lifts it.
    expect((await send('DELETE', '/api/block.php', blocker.cookie, { profile_id: blocked.member.id })).statusCode).toBe(200);
    expect((await view(blocker.member.id, blocked.cookie)).statusCode).toBe(200);
    expect(((await view(blocked.member.id, blocker.cookie)).json() as MemberProfile).blocked_by_me).toBe(false);
  });

  it('deletes the likes both ways and the conversations with their messages in one go', async () => {
    const a = await logIn();
    const b = await createMember(db());
    const bystander = await createMember(db());
    await db().insert(likes).values([
      { likerId: a.member.id, likedId: b.id },
      { likerId: b.id, likedId: a.member.id },
      { likerId: bystander.id, likedId: a.member.id },
    ]);
    const [low, high] = [Math.min(a.member.id, b.id), Math.max(a.member.id, b.id)];
    const [conv] = await db().insert(conversations).values({ siteId: a.member.siteId, memberLowId: low, memberHighId: high, startedBy: a.member.id }).returning();
    await db().insert(messages).values([{ conversationId: conv!.id, senderId: a.member.id, body: 'hi' }, { conversationId: conv!.id, senderId: b.id, body: 'hello' }]);
    // Each has the other's message unread, counted in their Messages badge (decision 0011).
    await db().insert(conversationMembers).values([
      { conversationId: conv!.id, memberId: a.member.id, otherId: b.id, unread: 1 },
      { conversationId: conv!.id, memberId: b.id, otherId: a.member.id, unread: 1 },
    ]);
    await db().transaction((tx) => appendEvents(tx, [], new Map([[a.member.id, 1], [b.id, 1]])));
    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: b.id })).statusCode).toBe(200);
    expect([await totalUnread(db(), a.member.id), await totalUnread(db(), b.id)]).toEqual([0, 0]);
    const remainingLikes = await db().select().from(likes).where(eq(likes.likedId, a.member.id));
    expect(remainingLikes.map((l) => l.likerId)).toEqual([bystander.id]);
    expect(await db().select().from(likes).where(eq(likes.likedId, b.id))).toEqual([]);
    expect(await db().select().from(conversations).where(eq(conversations.id, conv!.id))).toEqual([]);
    expect(await db().select().from(messages).where(eq(messages.conversationId, conv!.id))).toEqual([]);
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, a.member.id))).toHaveLength(1);
    // Blocking again is harmless.
    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: b.id })).statusCode).toBe(200);
  });

  it('leaves nothing to replay: both members lose the stored events of the chat and the likes between them, its photos are deleted', async () => {
    const a = await logIn(confirmed());
    const b = await logIn(confirmed());
    const bystander = await logIn(confirmed());
    await addCreditEntry(db(), { memberId: b.member.id, amount: 1000, kind: 'adjustment' });
    const upload = await uploadChatPhoto(t, b.cookie, jpeg, nextIp());
    expect(upload.statusCode, upload.body).toBe(200);
    const photoId = upload.json<{ photo_id: number }>().photo_id;
    const [photo] = await db().select().from(photos).where(eq(photos.id, photoId));
    let n = 0;
    const message = (from: { cookie: string }, to: number, body: object) => send('POST', '/api/message.php', from.cookie, { profile: to, client_id: `blk${++n}-${Date.now()}`, ...body });
    expect((await message(b, a.member.id, { text: 'secret text' })).statusCode).toBe(200);
    expect((await message(b, a.member.id, { kind: 'photo', photo_id: photoId })).statusCode).toBe(200);
    expect((await message(a, b.member.id, { text: 'my reply' })).statusCode).toBe(200);
    // The same photo sent to someone else too: that conversation keeps it.
    expect((await message(b, bystander.member.id, { text: 'hello' })).statusCode).toBe(200);
    expect((await send('POST', '/api/like.php', b.cookie, { profile_id: a.member.id })).statusCode).toBe(200);
    expect((await send('POST', '/api/like.php', a.cookie, { profile_id: b.member.id })).statusCode).toBe(200);

    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: b.member.id })).statusCode).toBe(200);

    for (const who of [a.member.id, b.member.id]) {
      // Only the deletion itself (and the bystander's chat) is left to replay.
      const stored = await db().select({ event: memberEvents.event }).from(memberEvents).where(eq(memberEvents.memberId, who)).orderBy(memberEvents.seq);
      const kinds = stored.map(({ event: e }) => {
        const event = e as LiveEvent;
        return event.kind === 'message' ? `message:${event.message.text}` : event.kind === 'like' ? `like:${event.profile.id}` : event.kind;
      });
      expect(kinds.filter((k) => k !== 'message:hello')).toEqual(['chat_deleted']);
      // A tab that resumes from the start is told to reload, or replays nothing of the chat.
      const replay = await eventsAfter(db(), who, 0);
      if (!replay.reset) expect(replay.events.map((e) => e.event.kind).filter((k) => k !== 'message' && k !== 'read')).toEqual(['chat_deleted']);
    }
    const [after] = await db().select().from(photos).where(eq(photos.id, photoId));
    expect(after!.status).toBe('deleted');
    expect(await t.app.photoStorage.get(photo!.filename)).toBeNull();
    expect(await t.app.photoStorage.get(photo!.thumbFilename)).toBeNull();
  });

  it('keeps a chat photo that another conversation still shows', async () => {
    const a = await logIn(confirmed());
    const b = await logIn(confirmed());
    const c = await logIn(confirmed());
    await addCreditEntry(db(), { memberId: b.member.id, amount: 1000, kind: 'adjustment' });
    const upload = await uploadChatPhoto(t, b.cookie, jpeg, nextIp());
    const photoId = upload.json<{ photo_id: number }>().photo_id;
    for (const to of [a.member.id, c.member.id]) {
      expect((await send('POST', '/api/message.php', b.cookie, { profile: to, client_id: `keep-${to}-${Date.now()}`, kind: 'photo', photo_id: photoId })).statusCode).toBe(200);
    }
    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: b.member.id })).statusCode).toBe(200);
    const [kept] = await db().select().from(photos).where(eq(photos.id, photoId));
    expect(kept!.status).toBe('active');
    expect(await t.app.photoStorage.get(kept!.filename)).not.toBeNull();
    // C's replay still carries it, signed.
    const replay = await eventsAfter(db(), c.member.id, 0);
    if (replay.reset) throw new Error('events gone');
    expect(replay.events.map(({ event }) => (event.kind === 'message' ? event.message.photo?.url : null))).toEqual([kept!.filename]);
  });

  it('blocks anyone who wrote or liked, whatever their state; a hidden stranger stays not found', async () => {
    const victim = await logIn(confirmed());
    const invisibleSender = await logIn({ ...confirmed(), invisible: true });
    const unconfirmedSender = await logIn({ status: 'not_confirmed' });
    const leaving = await logIn(confirmed());
    const hiddenLiker = await createMember(db(), { invisible: true });
    const hiddenStranger = await createMember(db(), { invisible: true });
    for (const [i, sender] of [invisibleSender, unconfirmedSender, leaving].entries()) {
      const res = await send('POST', '/api/message.php', sender.cookie, { profile: victim.member.id, client_id: `unwanted-${i}-${Date.now()}`, text: 'unwanted' });
      expect(res.statusCode, res.body).toBe(200);
    }
    await db().update(members).set({ status: 'pending_deletion', deletionRequestedAt: new Date() }).where(eq(members.id, leaving.member.id));
    await db().insert(likes).values({ likerId: hiddenLiker.id, likedId: victim.member.id });

    for (const id of [invisibleSender.member.id, unconfirmedSender.member.id, leaving.member.id, hiddenLiker.id]) {
      const res = await send('POST', '/api/block.php', victim.cookie, { profile_id: id });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(200);
      expect(await db().select().from(blocks).where(and(eq(blocks.blockerId, victim.member.id), eq(blocks.blockedId, id)))).toHaveLength(1);
    }
    // The chats are gone with the block, and the sender cannot write again.
    expect(await db().select().from(conversations).where(or(eq(conversations.memberLowId, victim.member.id), eq(conversations.memberHighId, victim.member.id)))).toEqual([]);
    const again = await send('POST', '/api/message.php', invisibleSender.cookie, { profile: victim.member.id, client_id: `again-${Date.now()}`, text: 'again' });
    expect(again.statusCode).toBe(403);
    // No tie: blocking cannot be used to find out whether a hidden member exists.
    expect((await send('POST', '/api/block.php', victim.cookie, { profile_id: hiddenStranger.id })).statusCode).toBe(404);
  });

  it('refuses visitors, self-blocks and unknown profiles', async () => {
    const a = await logIn();
    expect((await send('POST', '/api/block.php', 'i18n_redirected=en', { profile_id: a.member.id })).statusCode).toBe(403);
    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: a.member.id })).statusCode).toBe(400);
    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: 99_999_999 })).statusCode).toBe(404);
    const other = await createMember(db(), { siteKey: 'flirtdate' });
    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: other.id })).statusCode).toBe(404);
    expect((await send('POST', '/api/block.php', a.cookie, { profile_id: 'x' })).statusCode).toBe(400);
  });
});
