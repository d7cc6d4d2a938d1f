import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { blocks, likes, memberEvents, members, photos } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { client, loggedInMember, logIn } from '../../test-support/test-client';
import { SWIPE_LIKES_PER_DAY } from '../../../common/limits';
import type { LikesResponse, SwipeCardsResponse, SwipeResponse } from '../../../common/likes/likes';

const t = testAppForFile();

/** A logged-in member of another demo site (its own host name). */
async function memberOn(siteKey: string, host: string, fields: Parameters<typeof createMember>[1]) {
  const member = await createMember(t.database.db, { ...fields, siteKey });
  const session = await logIn(t, member.email, member.password, host);
  return { member, session, api: client(t, session, 'en', host) };
}

const man = { gender: 'male', sexuality: 'hetero' } as const;
const woman = { gender: 'female', sexuality: 'hetero' } as const;

describe('POST/DELETE /api/like.php', () => {
  it('goes liked -> liked by them -> match, and liking twice is one like', async () => {
    const a = await loggedInMember(t, man);
    const b = await loggedInMember(t, woman);
    const first = await a.api.post('/api/like.php', { profile_id: b.member.id, source: 'profile' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ state: 'liked' });
    expect((await a.api.post('/api/like.php', { profile_id: b.member.id, source: 'search' })).json()).toEqual({ state: 'liked' });
    const rows = await t.database.db.select().from(likes).where(eq(likes.likerId, a.member.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.source).toBe('profile');

    // b sees "liked by them": a received, new like, not mutual.
    const bLikes = (await b.api.get('/api/likes.php')).json() as LikesResponse;
    expect(bLikes.liked_by.map((e) => [e.id, e.like_new, e.mutual])).toEqual([[a.member.id, true, false]]);
    expect(bLikes.profiles).toEqual([]);
    expect(bLikes.new_likes).toBe(1);

    expect((await b.api.post('/api/like.php', { profile_id: a.member.id, source: 'overlay' })).json()).toEqual({ state: 'match' });
    const aLikes = (await a.api.get('/api/likes.php')).json() as LikesResponse;
    expect(aLikes.profiles.map((e) => [e.id, e.mutual, e.like_new])).toEqual([[b.member.id, true, false]]);
    expect(aLikes.liked_by.map((e) => [e.id, e.mutual])).toEqual([[b.member.id, true]]);
    // Public tiles only: no e-mail.
    expect(JSON.stringify(aLikes)).not.toContain(b.member.email);

    expect((await a.api.delete('/api/like.php', { profile_id: b.member.id })).statusCode).toBe(200);
    const after = (await b.api.get('/api/likes.php')).json() as LikesResponse;
    expect(after.liked_by).toEqual([]);
    expect(after.profiles.map((e) => [e.id, e.mutual])).toEqual([[a.member.id, false]]);
  });

  it('answers 403 with the spec message to visitors', async () => {
    const b = await createMember(t.database.db, woman);
    const visitor = client(t, null);
    for (const res of [
      await visitor.post('/api/like.php', { profile_id: b.id, source: 'profile' }),
      await visitor.get('/api/likes.php'),
      await visitor.get('/api/swipe.php'),
      await visitor.get('/api/auto-like.php'),
      await visitor.post('/api/like-seen.php', { profile_id: b.id }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe('You need to be logged in to chat');
    }
    const de = await client(t, null, 'de').get('/api/likes.php');
    expect(de.json().error.message).not.toBe('You need to be logged in to chat');
  });

  it('refuses likes and swipe likes from an unconfirmed member in their language, and stores none (decision 0015)', async () => {
    const a = await loggedInMember(t, { ...man, status: 'not_confirmed' }, 'de');
    const b = await createMember(t.database.db, woman);
    const res = await a.api.post('/api/like.php', { profile_id: b.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: { code: 'confirmFirst', message: expect.stringContaining('E-Mail-Adresse') } });
    const swiped = await a.api.post('/api/swipe.php', { profile_id: b.id, action: 'like' });
    expect(swiped.statusCode).toBe(403);
    expect(await t.database.db.select().from(likes).where(eq(likes.likerId, a.member.id))).toEqual([]);
  });

  it('sends the liked member no live event with the card of an invisible liker', async () => {
    const a = await loggedInMember(t, { ...man, invisible: true });
    const b = await createMember(t.database.db, woman);
    expect((await a.api.post('/api/like.php', { profile_id: b.id })).statusCode).toBe(200);
    const events = await t.database.db.select().from(memberEvents).where(eq(memberEvents.memberId, b.id));
    expect(events).toEqual([]);
  });

  it('answers 404 for invisible, unconfirmed, deleted, blocked, other-site members and oneself', async () => {
    const a = await loggedInMember(t, man);
    const invisible = await createMember(t.database.db, { ...woman, invisible: true });
    const unconfirmed = await createMember(t.database.db, { ...woman, status: 'not_confirmed' });
    const deleted = await createMember(t.database.db, { ...woman, status: 'pending_deletion' });
    const disabled = await createMember(t.database.db, { ...woman, profileStatus: 'disabled' });
    const otherSite = await createMember(t.database.db, { ...woman, siteKey: 'flirtdate' });
    const blocker = await createMember(t.database.db, woman);
    const blocked = await createMember(t.database.db, woman);
    await t.database.db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: a.member.id },
      { blockerId: a.member.id, blockedId: blocked.id },
    ]);
    for (const id of [invisible.id, unconfirmed.id, deleted.id, disabled.id, otherSite.id, blocker.id, blocked.id, a.member.id, 999_999]) {
      const res = await a.api.post('/api/like.php', { profile_id: id, source: 'profile' });
      expect(res.statusCode, `member ${id}`).toBe(404);
      expect(res.json().error.message).toBe('This member could not be found.');
    }
    expect(await t.database.db.select().from(likes).where(eq(likes.likerId, a.member.id))).toEqual([]);
  });

  it('never lists likes of blocked, invisible or deleted members, nor counts them as new', async () => {
    const a = await loggedInMember(t, man);
    const fans = await Promise.all([0, 1, 2, 3].map(() => createMember(t.database.db, woman)));
    await t.database.db.insert(likes).values(fans.map((f) => ({ likerId: f.id, likedId: a.member.id })));
    await t.database.db.insert(likes).values(fans.map((f) => ({ likerId: a.member.id, likedId: f.id })));
    await t.database.db.insert(blocks).values({ blockerId: fans[0]!.id, blockedId: a.member.id });
    await t.database.db.update(members).set({ invisible: true }).where(eq(members.id, fans[1]!.id));
    await t.database.db.update(members).set({ status: 'pending_deletion' }).where(eq(members.id, fans[2]!.id));
    const body = (await a.api.get('/api/likes.php')).json() as LikesResponse;
    expect(body.liked_by.map((e) => e.id)).toEqual([fans[3]!.id]);
    expect(body.profiles.map((e) => e.id)).toEqual([fans[3]!.id]);
    expect(body.new_likes).toBe(1);
    const user = (await a.api.get('/api/user.php')).json();
    expect(user.user.new_likes).toBe(1);
  });
});

describe('received likes order and like-seen', () => {
  it('lists new likes first, and opening one profile clears only that like', async () => {
    const me = await loggedInMember(t, man);
    const [old1, old2, new1, new2] = await Promise.all([0, 1, 2, 3].map(() => createMember(t.database.db, woman)));
    const at = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await t.database.db.insert(likes).values([
      { likerId: old1!.id, likedId: me.member.id, createdAt: at(10), seenAt: at(5) },
      { likerId: new1!.id, likedId: me.member.id, createdAt: at(60) },
      { likerId: old2!.id, likedId: me.member.id, createdAt: at(1), seenAt: at(1) },
      { likerId: new2!.id, likedId: me.member.id, createdAt: at(30) },
    ]);
    const list = async () => ((await me.api.get('/api/likes.php')).json() as LikesResponse).liked_by.map((e) => [e.id, e.like_new]);
    expect(await list()).toEqual([
      [new2!.id, true],
      [new1!.id, true],
      [old2!.id, false],
      [old1!.id, false],
    ]);
    const seen = await me.api.post('/api/like-seen.php', { profile_id: new1!.id });
    expect(seen.json()).toEqual({ new_likes: 1 });
    expect(await list()).toEqual([
      [new2!.id, true],
      [old2!.id, false],
      [old1!.id, false],
      [new1!.id, false],
    ]);
    // A profile that did not like me: nothing changes.
    expect((await me.api.post('/api/like-seen.php', { profile_id: old1!.id })).json()).toEqual({ new_likes: 1 });
  });
});

describe('swipe game', () => {
  it('deals compatible, visible cards not yet liked or passed', async () => {
    const me = await memberOn('rainbow', 'rainbow.localhost:3000', man);
    const match = await createMember(t.database.db, { ...woman, siteKey: 'rainbow' });
    const lesbian = await createMember(t.database.db, { gender: 'female', sexuality: 'lesbian', siteKey: 'rainbow' });
    const otherMan = await createMember(t.database.db, { ...man, siteKey: 'rainbow' });
    const hidden = await createMember(t.database.db, { ...woman, siteKey: 'rainbow', invisible: true });
    const api = me.api;
    const ids = async () => ((await api.get('/api/swipe.php')).json() as SwipeCardsResponse).cards.map((c) => c.id);
    const first = await ids();
    expect(first).toContain(match.id);
    for (const id of [lesbian.id, otherMan.id, hidden.id, me.member.id]) expect(first).not.toContain(id);
    const pass = (await api.post('/api/swipe.php', { profile_id: match.id, action: 'pass' })).json() as SwipeResponse;
    expect(pass.state).toBe('passed');
    expect(await ids()).not.toContain(match.id);
  });

  it('allows SWIPE_LIKES_PER_DAY likes a day even under parallel requests, then answers next_at', async () => {
    const me = await loggedInMember(t, man);
    const targets = await Promise.all(Array.from({ length: 10 }, () => createMember(t.database.db, woman)));
    const results = await Promise.all(targets.map((target) => me.api.post('/api/swipe.php', { profile_id: target.id, action: 'like' })));
    const bodies = results.map((r) => r.json() as SwipeResponse);
    expect(bodies.filter((b) => b.state === 'liked')).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(bodies.filter((b) => b.state === 'limit')).toHaveLength(10 - SWIPE_LIKES_PER_DAY);
    const stored = await t.database.db.select().from(likes).where(and(eq(likes.likerId, me.member.id), eq(likes.source, 'swipe')));
    expect(stored).toHaveLength(SWIPE_LIKES_PER_DAY);
    const { allowance } = (await me.api.get('/api/swipe.php')).json() as SwipeCardsResponse;
    expect(allowance.remaining).toBe(0);
    const nextAt = Date.parse(allowance.next_at!);
    expect(nextAt).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(nextAt).toBeLessThanOrEqual(Date.now() + 24 * 3600_000);
    // Likes made elsewhere do not count against the game.
    const other = await createMember(t.database.db, woman);
    expect((await me.api.post('/api/like.php', { profile_id: other.id, source: 'profile' })).json()).toEqual({ state: 'liked' });
  });

  it('frees a like a day after the oldest of the last day', async () => {
    const me = await loggedInMember(t, man);
    const targets = await Promise.all(Array.from({ length: SWIPE_LIKES_PER_DAY + 1 }, () => createMember(t.database.db, woman)));
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    await t.database.db.insert(likes).values([
      { likerId: me.member.id, likedId: targets[0]!.id, source: 'swipe', createdAt: hoursAgo(25) },
      ...targets.slice(1, SWIPE_LIKES_PER_DAY).map((x, i) => ({ likerId: me.member.id, likedId: x.id, source: 'swipe', createdAt: hoursAgo(20 - i) })),
    ]);
    const { allowance } = (await me.api.get('/api/swipe.php')).json() as SwipeCardsResponse;
    expect(allowance).toEqual({ limit: SWIPE_LIKES_PER_DAY, remaining: 1, next_at: null });
    const liked = (await me.api.post('/api/swipe.php', { profile_id: targets[SWIPE_LIKES_PER_DAY]!.id, action: 'like' })).json() as SwipeResponse;
    expect(liked.state).toBe('liked');
    expect(liked.allowance.remaining).toBe(0);
    expect(Math.abs(Date.parse(liked.allowance.next_at!) - (Date.now() + 4 * 3600_000))).toBeLessThan(60_000);
  });

  it('reports a match when the card liked the member first', async () => {
    const me = await loggedInMember(t, man);
    const fan = await createMember(t.database.db, woman);
    await t.database.db.insert(likes).values({ likerId: fan.id, likedId: me.member.id });
    expect(((await me.api.post('/api/swipe.php', { profile_id: fan.id, action: 'like' })).json() as SwipeResponse).state).toBe('match');
  });
});

describe('GET /api/auto-like.php', () => {
  it('returns the newest new like, else makes one like of a fictional profile a day', async () => {
    const me = await memberOn('milfmatch', 'milfmatch.localhost:3000', man);
    const api = me.api;
    const fictional = await createMember(t.database.db, { ...woman, siteKey: 'milfmatch', fictional: true });
    const [photo] = await t.database.db
      .insert(photos)
      .values({ memberId: fictional.id, filename: 'demo/x.webp', thumbFilename: 'demo/x-thumb.webp', width: 300, height: 400, status: 'active' })
      .returning();
    await t.database.db.update(members).set({ mainPhotoId: photo!.id }).where(eq(members.id, fictional.id));
    // Make the new fictional member the only candidate: hide the seeded ones of this site.
    await t.database.db.update(members).set({ fictional: false }).where(and(eq(members.siteId, fictional.siteId), eq(members.fictional, true), sql`${members.id} <> ${fictional.id}`));
    const fan = await createMember(t.database.db, { ...woman, siteKey: 'milfmatch' });
    await t.database.db.insert(likes).values({ likerId: fan.id, likedId: me.member.id });

    const first = (await api.get('/api/auto-like.php')).json();
    expect(first).toEqual({ profile: { id: fan.id, name: fan.name, main_image: null }, new_likes: 1 });
    await api.post('/api/like-seen.php', { profile_id: fan.id });

    const second = (await api.get('/api/auto-like.php')).json();
    expect(second.profile.id).toBe(fictional.id);
    expect(second.profile.main_image.match).toContain('demo/x.webp');
    expect(second.new_likes).toBe(1);
    const [stored] = await t.database.db.select().from(likes).where(and(eq(likes.likerId, fictional.id), eq(likes.likedId, me.member.id)));
    expect(stored!.source).toBe('auto');

    // Once seen, no second auto-like the same day.
    await api.post('/api/like-seen.php', { profile_id: fictional.id });
    expect((await api.get('/api/auto-like.php')).json()).toEqual({ profile: null, new_likes: 0 });
  });
});
