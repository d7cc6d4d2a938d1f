import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMAIL_NOTIFICATION_TYPES, notificationSettingsSchema } from '../../../common/account/notification-settings';
import { members, photos } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { createMember } from '../../test-support/test-members';
import { listTeaserMembers } from '../members/members-repository';
import { client, loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();

const rowOf = async (id: number) => (await t.database.db.select().from(members).where(eq(members.id, id)))[0]!;
const allOn = Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, true]));

describe('GET and PUT /api/notifications.php', () => {
  it('has every e-mail notification type on by default, visible, e-mail not stopped', async () => {
    const { api } = await loggedInMember(t);
    const res = await api.get('/api/notifications.php');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(notificationSettingsSchema.parse(res.json())).toEqual({ email_notifications: allOn, notifications_disabled: [], invisible: false, push_subscriptions: 0, push_message_text: false });
  });

  it('stores switched-off types as opt-outs, keeps the others, and turns them on again', async () => {
    const { member, api } = await loggedInMember(t);
    const off = await api.put('/api/notifications.php', { email_notifications: { promotions: false, news: false } });
    expect(off.statusCode).toBe(200);
    expect(off.json().email_notifications).toEqual({ ...allOn, promotions: false, news: false });
    expect((await rowOf(member.id)).emailOptOuts).toEqual(['news', 'promotions']);
    // Saying "off" again, or "on" for a type that is on, changes nothing.
    await api.put('/api/notifications.php', { email_notifications: { promotions: false, likes: true } });
    expect((await rowOf(member.id)).emailOptOuts).toEqual(['news', 'promotions']);
    const on = await api.put('/api/notifications.php', { email_notifications: { promotions: true } });
    expect(on.json().email_notifications).toEqual({ ...allOn, news: false });
    expect((await api.get('/api/notifications.php')).json().email_notifications).toEqual({ ...allOn, news: false });
  });

  it('keeps both changes when two tabs save different switches at once', async () => {
    const { member, api } = await loggedInMember(t);
    await Promise.all([api.put('/api/notifications.php', { email_notifications: { likes: false } }), api.put('/api/notifications.php', { email_notifications: { reminders: false } })]);
    expect((await rowOf(member.id)).emailOptOuts).toEqual(['likes', 'reminders']);
  });

  it('turns invisible mode on (the member leaves public listings) and off', async () => {
    const { member, api } = await loggedInMember(t);
    const db = t.database.db;
    const [photo] = await db.insert(photos).values({ memberId: member.id, filename: 'demo/a.webp', thumbFilename: 'demo/a-t.webp', width: 10, height: 10, status: 'active' }).returning();
    await db.update(members).set({ mainPhotoId: photo!.id, lastActiveAt: new Date() }).where(eq(members.id, member.id));
    const listed = async () => (await listTeaserMembers(db, member.siteId, 10_000)).some((m) => m.id === member.id);
    expect(await listed()).toBe(true);
    expect((await api.put('/api/notifications.php', { invisible: true })).json().invisible).toBe(true);
    expect(await listed()).toBe(false);
    expect((await api.get('/api/user.php')).json().user.invisible).toBe(true);
    expect((await api.put('/api/notifications.php', { invisible: false })).json().invisible).toBe(false);
    expect(await listed()).toBe(true);
  });

  it('turns e-mail notifications back on by clearing the reasons, and nothing else', async () => {
    const { member, api } = await loggedInMember(t, { notificationsDisabled: ['fbl', 'bounce'], emailOptOuts: ['news'] });
    expect((await api.get('/api/notifications.php')).json().notifications_disabled).toEqual(['fbl', 'bounce']);
    const res = await api.put('/api/notifications.php', { notifications_disabled: [] });
    expect(res.statusCode).toBe(200);
    expect(res.json().notifications_disabled).toEqual([]);
    expect((await rowOf(member.id)).emailOptOuts).toEqual(['news']);
    expect((await api.get('/api/user.php')).json().user.notifications_disabled).toEqual([]);
  });

  it('refuses bad input with a translated 400, changing nothing', async () => {
    const { member, api } = await loggedInMember(t, { notificationsDisabled: ['bounce'] });
    const before = await rowOf(member.id);
    for (const body of [
      { email_notifications: { spam: false } },
      { email_notifications: { news: 'no' } },
      { invisible: 'yes' },
      { notifications_disabled: ['fbl'] },
      { somethingElse: true },
      [],
    ]) {
      const res = await client(t, null, 'nl').put('/api/notifications.php', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const mine = await api.put('/api/notifications.php', body);
      expect(mine.statusCode, JSON.stringify(body)).toBe(400);
      expect(mine.json().error.code).toBe('invalidInput');
    }
    const de = await client(t, null, 'de').put('/api/notifications.php', { invisible: 'yes' });
    expect(de.json().error.message).not.toBe((await api.put('/api/notifications.php', { invisible: 'yes' })).json().error.message);
    const after = await rowOf(member.id);
    expect([after.emailOptOuts, after.notificationsDisabled, after.invisible]).toEqual([before.emailOptOuts, before.notificationsDisabled, before.invisible]);
  });

  it('answers 403 to visitors who are not logged in', async () => {
    for (const res of [await client(t, null).get('/api/notifications.php'), await client(t, null).put('/api/notifications.php', { invisible: true })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('authRequired');
    }
  });

  it("changes only the caller's own settings", async () => {
    const other = await createMember(t.database.db);
    const { api } = await loggedInMember(t);
    await api.put('/api/notifications.php', { invisible: true, email_notifications: { likes: false } });
    const row = await rowOf(other.id);
    expect([row.invisible, row.emailOptOuts]).toEqual([false, []]);
  });
});
