import { and, eq, sql } from 'drizzle-orm';
import type { EmailNotificationType } from '../../../common/account/notification-settings';
import { countryName } from '../../../common/i18n/format';
import { WELCOME_DISCOUNT_PERCENT } from '../../../common/limits';
import { noticeNews, notificationMails } from '../../db/schema';
import { welcomeOffer } from '../offers/member-offers';
import type { NoticeContent } from '../../mail/notice-mail';
import { recipient } from './mail-repository';
import { sendNotice, type Member, type NoticeDeps } from './notification-mail';

/** The queue of the scheduled notification mails: one job per member and mail, sent by a worker in batches. */
export const MAIL_NOTICE = 'mail-notice';

/** The types the mail-notice queue sends (the others follow messages and likes). */
export type DigestType = Extract<EmailNotificationType, 'unread_reminders' | 'weekly_updates' | 'reminders' | 'promotions' | 'news'>;

export interface NoticeJob {
  type: DigestType;
  memberId: number;
  /** What the mail is about, recorded with it so that a rerun sends it once: the week, the news item, the offer. */
  ref?: string;
}

/** Unread messages older than this are worth a reminder. */
export const UNREAD_REMINDER_HOURS = 24;
/** How many new members a weekly update names. */
const WEEKLY_NAMES = 3;

/** Sends the job's mail unless one with the same ref went out already (a rerun of the scheduled job). */
export async function handleNoticeJob(deps: NoticeDeps, job: NoticeJob, now = new Date()): Promise<boolean> {
  const member = await recipient(deps.db, job.memberId);
  if (!member) return false;
  if (job.ref !== undefined) {
    const [sent] = await deps.db
      .select({ id: notificationMails.id })
      .from(notificationMails)
      .where(and(eq(notificationMails.memberId, member.id), eq(notificationMails.type, job.type), eq(notificationMails.ref, job.ref)))
      .limit(1);
    if (sent) return false;
  }
  const record = job.ref === undefined ? {} : { ref: job.ref };
  switch (job.type) {
    case 'unread_reminders':
      return unreadReminder(deps, member, now);
    case 'weekly_updates': {
      const news = await weeklyNews(deps, member, now);
      if (news.count === 0) return false;
      return sendNotice(deps, member, 'weekly_updates', (origin, locale) => weeklyContent(origin, news, countryName(locale, member.country)), record);
    }
    case 'reminders':
      return sendNotice(deps, member, 'reminders', (origin) => ({ keys: 'reminder', paragraphs: ['body'], link: `${origin}/members` }), record);
    case 'promotions': {
      const offer = await welcomeOffer(deps.db, member, now);
      if (!offer || offer.kind !== 'welcome' || !offer.expires || offer.expired) return false;
      const hours = Math.max(1, Math.round((Date.parse(offer.expires) - now.getTime()) / 3600_000));
      const vars = { percent: offer.value_percentage || WELCOME_DISCOUNT_PERCENT, code: offer.code, hours };
      return sendNotice(deps, member, 'promotions', (origin) => ({ keys: 'welcomeOffer', vars, paragraphs: ['body'], link: `${origin}/credits` }), record);
    }
    case 'news':
      return newsMail(deps, member, job, record);
  }
}

/** Every conversation with messages unread for a day that no mail covered yet: one digest, recorded per conversation. */
async function unreadReminder(deps: NoticeDeps, member: Member, now: Date): Promise<boolean> {
  const before = new Date(now.getTime() - UNREAD_REMINDER_HOURS * 3600_000);
  const { rows } = await deps.db.execute<{ conversation_id: number; count: number; newest: number }>(sql`
    select cm.conversation_id, count(*)::int as count, max(msg.id)::int as newest
    from conversation_members cm
    join messages msg on msg.conversation_id = cm.conversation_id and msg.id > cm.read_up_to and msg.id > cm.cleared_up_to and msg.sender_id <> cm.member_id
    where cm.member_id = ${member.id} and cm.unread > 0
      and msg.id > coalesce((select max(n.up_to_message_id) from notification_mails n where n.conversation_id = cm.conversation_id and n.member_id = cm.member_id), 0)
    group by cm.conversation_id
    having min(msg.created_at) < ${before.toISOString()}::timestamptz`);
  if (rows.length === 0) return false;
  const messages = rows.reduce((sum, r) => sum + Number(r.count), 0);
  const sent = await sendNotice(deps, member, 'unread_reminders', (origin) => ({
    keys: 'unreadReminder',
    vars: { count: messages, conversations: rows.length },
    paragraphs: ['body'],
    link: `${origin}/chats`,
  }));
  // One row per conversation beside the mail's own: none is reminded of twice, and new_messages keeps its gap.
  if (sent) await deps.db.insert(notificationMails).values(rows.map((r) => ({ memberId: member.id, type: 'unread_reminders', conversationId: r.conversation_id, upToMessageId: r.newest, sentAt: now })));
  return sent;
}

/** Who a member looks for, from their sexuality (the search's default; search state lives in the browser). */
export function soughtGenders(member: { gender: string; sexuality: string }): string[] {
  const other = member.gender === 'male' ? 'female' : 'male';
  if (member.sexuality === 'bi') return ['male', 'female'];
  if (member.sexuality === 'gay' || member.sexuality === 'lesbian') return [member.gender];
  return [other];
}

interface WeeklyNews {
  count: number;
  names: Array<{ name: string; city: string | null }>;
}

/** Listed members of the same site and country, of the sought gender, who joined in the last 7 days; cached per group and hour. */
const weeklyCache = new Map<string, Promise<WeeklyNews>>();
async function weeklyNews(deps: NoticeDeps, member: Member, now: Date): Promise<WeeklyNews> {
  const genders = soughtGenders(member);
  const hour = Math.floor(now.getTime() / 3600_000);
  const key = `${member.siteId}:${member.country}:${genders.join(',')}:${hour}`;
  let news = weeklyCache.get(key);
  if (!news) {
    if (weeklyCache.size > 5000) weeklyCache.clear();
    news = queryWeekly(deps, member, genders, now);
    weeklyCache.set(key, news);
  }
  const result = await news;
  // Never the member themself among the names (they may have joined this week too).
  return { count: result.count, names: result.names.filter((n) => n.name !== member.name).slice(0, WEEKLY_NAMES) };
}

async function queryWeekly(deps: NoticeDeps, member: Member, genders: string[], now: Date): Promise<WeeklyNews> {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const where = sql`site_id = ${member.siteId} and country = ${member.country} and status = 'active' and profile_status = 'active' and not invisible
    and gender in (${sql.join(
      genders.map((g) => sql`${g}`),
      sql`, `,
    )}) and created_at > ${since}::timestamptz`;
  const [counted, named] = await Promise.all([
    deps.db.execute<{ n: number }>(sql`select count(*)::int as n from members where ${where}`),
    deps.db.execute<{ name: string; city: string | null }>(sql`select name, city from members where ${where} order by created_at desc limit ${WEEKLY_NAMES + 1}`),
  ]);
  return { count: Number(counted.rows[0]?.n ?? 0), names: named.rows };
}

function weeklyContent(origin: string, news: WeeklyNews, country: string): NoticeContent {
  // Names and cities only: never a distance or anything that places a member more closely.
  const lines = news.names.map((n) => ({ text: n.city ? `${n.name}, ${n.city}` : n.name }));
  return { keys: 'weeklyUpdate', vars: { count: news.count, country }, paragraphs: ['body', ...lines], link: `${origin}/members` };
}

async function newsMail(deps: NoticeDeps, member: Member, job: NoticeJob, record: { ref?: string }): Promise<boolean> {
  const id = Number(job.ref?.replace(/^news:/, ''));
  if (!Number.isSafeInteger(id)) return false;
  const [item] = await deps.db.select().from(noticeNews).where(eq(noticeNews.id, id));
  if (!item || item.siteId !== member.siteId) return false;
  return sendNotice(
    deps,
    member,
    'news',
    (origin, locale) => {
      const text = item.texts[locale] ?? item.texts.en;
      if (!text) return null;
      return { keys: 'news', subject: text.subject, paragraphs: text.body.split(/\n{2,}/).map((p) => ({ text: p.trim() })), link: origin };
    },
    record,
  );
}
