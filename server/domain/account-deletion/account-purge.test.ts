import { eq, inArray, or } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { REACTIVATION_DAYS } from '../../../common/limits';
import { conversationMembers, conversations, creditEntries, emailTokens, memberEvents, members, messages, passwordResetTokens, photos, pushSubscriptions, sessions } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import type { ObjectStorage } from '../../storage/object-storage';
import { accountPurgeJob } from '../../jobs/account-purge-job';
import { issueEmailToken } from '../auth/email-token-repository';
import { startSession } from '../auth/sessions';
import { addCreditEntry } from '../credits/credits-repository';
import { totalUnread } from '../chat/chat-repository';
import { appendEvents } from '../member-events/member-events-repository';
import { unreadTotalsOff } from '../../test-support/unread-totals';

const t = testAppForFile();
// Every write of these tests keeps the members' unread totals (decision 0011).
afterEach(async () => expect(await unreadTotalsOff(t.database)).toEqual([]));

const DAY = 24 * 60 * 60 * 1000;
let n = 0;

/** A member with everything a member can have: photos (own files and a demo one), sessions, credits, a conversation, tokens, a push subscription. */
async function memberWithData(fields: Parameters<typeof createMember>[1], partnerId: number) {
  const db = t.database.db;
  const member = await createMember(db, fields);
  n += 1;
  const own = [`u/t${n}/photo.webp`, `u/t${n}/photo-thumb.webp`];
  for (const key of own) await t.app.photoStorage.put(key, Buffer.from(`image ${key}`), 'image/webp');
  await db.insert(photos).values([
    { memberId: member.id, filename: own[0]!, thumbFilename: own[1]!, width: 10, height: 10, status: 'active' },
    { memberId: member.id, filename: 'demo/shared/p1.webp', thumbFilename: 'demo/shared/p1-thumb.webp', width: 10, height: 10, status: 'active' },
  ]);
  await startSession(db, member.id, 'test agent');
  await addCreditEntry(db, { memberId: member.id, amount: 20, kind: 'signup_bonus' });
  await issueEmailToken(db, { memberId: member.id, purpose: 'reactivate', validMinutes: 60 });
  await db.insert(passwordResetTokens).values({ tokenHash: `reset-${n}`, memberId: member.id, expiresAt: new Date(Date.now() + DAY) });
  await db.insert(pushSubscriptions).values({ memberId: member.id, endpoint: `https://push.example/${n}`, p256dh: 'k', auth: 'a' });
  const [low, high] = member.id < partnerId ? [member.id, partnerId] : [partnerId, member.id];
  const [conversation] = await db.insert(conversations).values({ siteId: member.siteId, memberLowId: low, memberHighId: high, startedBy: partnerId }).returning();
  await db.insert(messages).values([
    { conversationId: conversation!.id, senderId: partnerId, body: 'hi there' },
    { conversationId: conversation!.id, senderId: member.id, body: 'hello back' },
  ]);
  // The partner has not read the answer yet: one unread message, counted in their total.
  await db.insert(conversationMembers).values([
    { conversationId: conversation!.id, memberId: partnerId, otherId: member.id, unread: 1 },
    { conversationId: conversation!.id, memberId: member.id, otherId: partnerId },
  ]);
  await db.transaction((tx) => appendEvents(tx, [], new Map([[partnerId, 1]])));
  return { member, files: own, conversationId: conversation!.id };
}

async function remainsOf(memberId: number) {
  const db = t.database.db;
  const count = async (rows: Promise<unknown[]>) => (await rows).length;
  return {
    member: await count(db.select().from(members).where(eq(members.id, memberId))),
    photos: await count(db.select().from(photos).where(eq(photos.memberId, memberId))),
    sessions: await count(db.select().from(sessions).where(eq(sessions.memberId, memberId))),
    credits: await count(db.select().from(creditEntries).where(eq(creditEntries.memberId, memberId))),
    emailTokens: await count(db.select().from(emailTokens).where(eq(emailTokens.memberId, memberId))),
    resetTokens: await count(db.select().from(passwordResetTokens).where(eq(passwordResetTokens.memberId, memberId))),
    push: await count(db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId))),
    conversations: await count(db.select().from(conversations).where(or(eq(conversations.memberLowId, memberId), eq(conversations.memberHighId, memberId)))),
    messages: await count(db.select().from(messages).where(eq(messages.senderId, memberId))),
  };
}

const NOTHING = { member: 0, photos: 0, sessions: 0, credits: 0, emailTokens: 0, resetTokens: 0, push: 0, conversations: 0, messages: 0 };
const exists = async (key: string) => (await t.app.photoStorage.get(key)) !== null;

describe('account purge job', () => {
  it(`erases accounts deleted more than ${REACTIVATION_DAYS} days ago, with everything of theirs, and keeps the rest`, async () => {
    const now = new Date();
    const partner = await createMember(t.database.db);
    await t.app.photoStorage.put('demo/shared/p1.webp', Buffer.from('demo'), 'image/webp');
    const expired = await memberWithData({ status: 'pending_deletion', deletionRequestedAt: new Date(now.getTime() - REACTIVATION_DAYS * DAY - 60_000) }, partner.id);
    const recent = await memberWithData({ status: 'pending_deletion', deletionRequestedAt: new Date(now.getTime() - REACTIVATION_DAYS * DAY + 60 * 60_000) }, partner.id);
    const active = await memberWithData({ deletionRequestedAt: new Date(now.getTime() - 30 * DAY) }, partner.id);

    const logs: unknown[] = [];
    const log = { ...t.app.log, info: (obj: unknown) => logs.push(obj), error: (obj: unknown) => logs.push(obj) } as typeof t.app.log;
    await t.app.jobs.runOnce(accountPurgeJob({ storage: () => t.app.photoStorage, log }), now);

    expect(await remainsOf(expired.member.id)).toEqual(NOTHING);
    for (const key of expired.files) expect(await exists(key)).toBe(false);
    // The shared demo image stays: other members use it.
    expect(await exists('demo/shared/p1.webp')).toBe(true);
    // The other party keeps their account; the conversation with the erased member is gone.
    expect((await remainsOf(partner.id)).member).toBe(1);
    expect(await t.database.db.select().from(messages).where(eq(messages.conversationId, expired.conversationId))).toHaveLength(0);
    // Its unread message left the partner's Messages badge with it (3 chats with one each before).
    expect(await totalUnread(t.database.db, partner.id)).toBe(2);

    for (const kept of [recent, active]) {
      expect(await remainsOf(kept.member.id)).toMatchObject({ member: 1, photos: 2, sessions: 1, credits: 1, conversations: 1, messages: 1 });
      for (const key of kept.files) expect(await exists(key)).toBe(true);
    }
    // Counts only: nothing that names the member.
    expect(logs).toEqual([{ job: 'account-purge', purged: 1, files: 2 }]);
    expect(JSON.stringify(logs)).not.toContain(expired.member.email);

    // Nothing left to do on the next run.
    logs.length = 0;
    await t.app.jobs.runOnce(accountPurgeJob({ storage: () => t.app.photoStorage, log }), now);
    expect(logs).toEqual([]);
  });

  it('takes the chat photos the partner sent only to the erased member, and the partner’s stored events of that chat', async () => {
    const now = new Date();
    const db = t.database.db;
    const partner = await createMember(db);
    const expired = await memberWithData({ status: 'pending_deletion', deletionRequestedAt: new Date(now.getTime() - REACTIVATION_DAYS * DAY - 60_000) }, partner.id);
    const keys = ['c/t/partner-photo.webp', 'c/t/partner-thumb.webp'];
    for (const key of keys) await t.app.photoStorage.put(key, Buffer.from(key), 'image/webp');
    const [photo] = await db.insert(photos).values({ memberId: partner.id, kind: 'chat', filename: keys[0]!, thumbFilename: keys[1]!, width: 10, height: 10, status: 'active' }).returning();
    await db.insert(messages).values({ conversationId: expired.conversationId, senderId: partner.id, kind: 'photo', photoId: photo!.id });
    await db.transaction((tx) => appendEvents(tx, [{ memberId: partner.id, event: { kind: 'delivered', conversation: expired.conversationId, up_to: 1 } }]));

    await t.app.jobs.runOnce(accountPurgeJob({ storage: () => t.app.photoStorage, log: t.app.log }), now);

    const [after] = await db.select().from(photos).where(eq(photos.id, photo!.id));
    expect(after!.status).toBe('deleted');
    for (const key of keys) expect(await exists(key)).toBe(false);
    const left = await db.select({ event: memberEvents.event }).from(memberEvents).where(eq(memberEvents.memberId, partner.id));
    expect(left.filter((r) => (r.event as { conversation?: number }).conversation === expired.conversationId)).toEqual([]);
  });

  it('keeps a member whose files could not be deleted (retried next run) and purges the others', async () => {
    const now = new Date();
    const partner = await createMember(t.database.db);
    const when = new Date(now.getTime() - (REACTIVATION_DAYS + 1) * DAY);
    const stuck = await memberWithData({ status: 'pending_deletion', deletionRequestedAt: when }, partner.id);
    const fine = await memberWithData({ status: 'pending_deletion', deletionRequestedAt: when }, partner.id);
    const real = t.app.photoStorage;
    const failing: ObjectStorage = {
      put: (k, b, c) => real.put(k, b, c),
      get: (k) => real.get(k),
      delete: async (k) => {
        if (stuck.files.includes(k)) throw new Error('storage unavailable');
        await real.delete(k);
      },
    };
    const logs: unknown[] = [];
    const log = { ...t.app.log, info: (obj: unknown) => logs.push(obj), error: (obj: unknown) => logs.push(obj) } as typeof t.app.log;
    await t.app.jobs.runOnce(accountPurgeJob({ storage: () => failing, log }), now);
    expect((await remainsOf(stuck.member.id)).member).toBe(1);
    expect((await remainsOf(stuck.member.id)).photos).toBe(2);
    expect(await remainsOf(fine.member.id)).toEqual(NOTHING);
    expect(logs).toContainEqual(expect.objectContaining({ job: 'account-purge', failed: 1 }));

    await t.app.jobs.runOnce(accountPurgeJob({ storage: () => real, log }), now);
    expect(await remainsOf(stuck.member.id)).toEqual(NOTHING);
    const ids = [stuck.member.id, fine.member.id];
    expect(await t.database.db.select().from(members).where(inArray(members.id, ids))).toHaveLength(0);
  });
});
