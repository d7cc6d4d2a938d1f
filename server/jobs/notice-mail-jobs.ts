import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { noticeNews } from '../db/schema';
import { MAIL_NOTICE, UNREAD_REMINDER_HOURS, type DigestType, type NoticeJob } from '../domain/notifications/mail-digests';
import { MAY_MAIL_SQL } from '../domain/notifications/notification-mail';
import { TIME_BONUS_WINDOW_S, WELCOME_OFFER_HOURS } from '../../common/limits';
import type { ScheduledJob } from './job-queue';

/** Queues many jobs of one queue in one statement (JobQueue.sendMany). */
export type SendMany = (name: string, jobs: readonly { data: object }[]) => Promise<void>;

/** Members selected and queued per statement: 100,000 members are 20 selects and 20 inserts, not 100,000 queries. */
export const ENQUEUE_CHUNK = 5000;
/** Members inactive this long get a "people are waiting" reminder... */
export const INACTIVE_DAYS = 7;
/** ...at most this often, and not once they have been away half a year. */
export const REMINDER_EVERY_DAYS = 14;
const REMINDER_UNTIL_DAYS = 180;
/** The welcome-discount mail goes out when the offer has this many hours left or fewer. */
export const PROMOTION_HOURS_LEFT = 12;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms).toISOString();
/** The run's day: the ref of daily mails, so that a job queued twice for a member mails once. */
const dayOf = (now: Date) => `day:${now.toISOString().slice(0, 10)}`;

/**
 * Selects the members `where` admits (over `members m`, mail allowed and the type not turned
 * off), a chunk at a time in id order, and queues one mail-notice job per member.
 */
export async function enqueueMembers(db: Db, sendMany: SendMany, type: DigestType, where: SQL, ref?: string): Promise<number> {
  let after = 0;
  let total = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: number }>(sql`
      select m.id from members m
      where m.id > ${after} and ${sql.raw(MAY_MAIL_SQL)} and not (${type} = any(m.email_opt_outs)) and ${where}
      order by m.id limit ${ENQUEUE_CHUNK}`);
    if (rows.length === 0) return total;
    await sendMany(
      MAIL_NOTICE,
      rows.map((r) => ({ data: { type, memberId: Number(r.id), ...(ref === undefined ? {} : { ref }) } satisfies NoticeJob })),
    );
    total += rows.length;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** Daily: members with messages unread for a day that no mail covered (the handler reads which). */
export const unreadRemindersJob = (sendMany: SendMany): ScheduledJob => ({
  name: 'mail-unread-reminders',
  cron: '0 17 * * *',
  async run(db, now) {
    const before = ago(now, UNREAD_REMINDER_HOURS * 3600_000);
    await enqueueMembers(
      db,
      sendMany,
      'unread_reminders',
      sql`exists (select 1 from conversation_members cm join messages msg on msg.conversation_id = cm.conversation_id
        and msg.id > cm.read_up_to and msg.id > cm.cleared_up_to and msg.sender_id <> cm.member_id
        where cm.member_id = m.id and cm.unread > 0 and msg.created_at < ${before}::timestamptz
          and msg.id > coalesce((select max(n.up_to_message_id) from notification_mails n where n.conversation_id = cm.conversation_id and n.member_id = m.id), 0))`,
      dayOf(now),
    );
  },
});

/** The Monday of `now`'s week (UTC): the weekly update's ref, so a rerun in the same week sends nothing twice. */
export function weekOf(now: Date): string {
  const day = (now.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day)).toISOString().slice(0, 10);
}

/** Weekly (Monday morning): every member who allows it; the handler finds the week's new members per country. */
export const weeklyUpdatesJob = (sendMany: SendMany): ScheduledJob => ({
  name: 'mail-weekly-updates',
  cron: '0 8 * * 1',
  async run(db, now) {
    await enqueueMembers(db, sendMany, 'weekly_updates', sql`true`, `week:${weekOf(now)}`);
  },
});

/** Daily: members away for INACTIVE_DAYS, at most one reminder every REMINDER_EVERY_DAYS. */
export const inactivityRemindersJob = (sendMany: SendMany): ScheduledJob => ({
  name: 'mail-reminders',
  cron: '0 18 * * *',
  async run(db, now) {
    await enqueueMembers(
      db,
      sendMany,
      'reminders',
      sql`m.last_active_at < ${ago(now, INACTIVE_DAYS * 86_400_000)}::timestamptz and m.last_active_at > ${ago(now, REMINDER_UNTIL_DAYS * 86_400_000)}::timestamptz
        and not exists (select 1 from notification_mails n where n.member_id = m.id and n.type = 'reminders' and n.sent_at > ${ago(now, REMINDER_EVERY_DAYS * 86_400_000)}::timestamptz)`,
      dayOf(now),
    );
  },
});

/** Hourly: members who never paid whose welcome discount ends within PROMOTION_HOURS_LEFT (the handler checks the offer itself). */
export const promotionsJob = (sendMany: SendMany): ScheduledJob => ({
  name: 'mail-promotions',
  cron: '23 * * * *',
  async run(db, now) {
    const endS = TIME_BONUS_WINDOW_S + WELCOME_OFFER_HOURS * 3600;
    await enqueueMembers(
      db,
      sendMany,
      'promotions',
      sql`not m.paid_user and m.created_at < ${ago(now, (endS - PROMOTION_HOURS_LEFT * 3600) * 1000)}::timestamptz and m.created_at > ${ago(now, endS * 1000)}::timestamptz`,
      'welcome',
    );
  },
});

/** Every few minutes: news an operator added (npm run news) is queued for its site's members who allow news. */
export const newsJob = (sendMany: SendMany): ScheduledJob => ({
  name: 'mail-news',
  cron: '*/5 * * * *',
  async run(db, now) {
    const waiting = await db.select({ id: noticeNews.id, siteId: noticeNews.siteId }).from(noticeNews).where(sql`${noticeNews.queuedAt} is null`);
    for (const item of waiting) {
      // Queued before it is marked: a crash in between queues it again, and the handler's ref check sends each mail once.
      await enqueueMembers(db, sendMany, 'news', sql`m.site_id = ${item.siteId}`, `news:${item.id}`);
      await db.update(noticeNews).set({ queuedAt: now }).where(sql`${noticeNews.id} = ${item.id}`);
    }
  },
});

export function noticeMailJobs(sendMany: SendMany): ScheduledJob[] {
  return [unreadRemindersJob(sendMany), weeklyUpdatesJob(sendMany), inactivityRemindersJob(sendMany), promotionsJob(sendMany), newsJob(sendMany)];
}
