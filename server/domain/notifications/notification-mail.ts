import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { EmailNotificationType } from '../../../common/account/notification-settings';
import { FALLBACK_LOCALE, isLocale, type Locale } from '../../../common/reference/countries';
import { UNSUBSCRIBE_PAGE } from '../../../common/notifications/unsubscribe';
import type { Db } from '../../db/database';
import type { ServerTranslations } from '../../i18n/server-translations';
import type { Mailer } from '../../mail/mailer';
import { noticeMail, type NoticeContent } from '../../mail/notice-mail';
import type { SiteDirectory, Site } from '../sites/site-directory';
import { publicOrigin } from '../sites/site-origin';
import { recordMail, type MailRecord, type recipient } from './mail-repository';
import { NOTICE_HEADER, noticeHeaderValue, unsubscribeToken, type NoticeKeys } from './notice-token';

/** What sending a notification mail needs (taken from the app once per queue). */
export interface NoticeDeps {
  db: Db;
  mailer: Mailer;
  translations: ServerTranslations;
  sites: SiteDirectory;
  keys: NoticeKeys;
  /** PUBLIC_ORIGIN: links in mails are made outside a request. */
  originTemplate: string;
  log: FastifyBaseLogger;
}

export function noticeDeps(app: FastifyInstance): NoticeDeps {
  return { db: app.database.db, mailer: app.mailer, translations: app.translations, sites: app.sites, keys: app.noticeKeys, originTemplate: app.config.PUBLIC_ORIGIN, log: app.log };
}

/** A member as the mail rules read them. */
export interface NoticeRecipient {
  status: string;
  emailConfirmedAt: Date | null;
  emailOptOuts: readonly string[];
  notificationsDisabled: readonly string[];
}

/** Reasons that stop every mail to the address: it bounced, or its owner reported us as spam. */
const ADDRESS_STOPPED = ['bounce', 'fbl'];

/**
 * Whether a member may get a notification mail of this type: an active account (not deleted or
 * disabled) with a confirmed address, the type not turned off, and no bounce or spam report on
 * the address. An unsubscribe from a mail client (listunsubscribe) turned off one type only.
 */
export function mayMail(member: NoticeRecipient, type: EmailNotificationType): boolean {
  return (
    member.status === 'active' &&
    member.emailConfirmedAt !== null &&
    !member.emailOptOuts.includes(type) &&
    !member.notificationsDisabled.some((reason) => ADDRESS_STOPPED.includes(reason))
  );
}

/** The same rule as SQL over `members` (the scheduled jobs select recipients set-wise). */
export const MAY_MAIL_SQL = `m.status = 'active' and m.email_confirmed_at is not null and not (m.notifications_disabled && array['bounce','fbl']::text[])`;

/** "Online": active in the last few minutes. An open tab refreshes the user every 60 s (spec 9), which records activity at most every 5 min. */
export const ONLINE_MINUTES = 10;

export function isOnline(member: { lastActiveAt: Date }, now: Date): boolean {
  return now.getTime() - member.lastActiveAt.getTime() < ONLINE_MINUTES * 60_000;
}

export type Member = NonNullable<Awaited<ReturnType<typeof recipient>>>;

export function siteOf(deps: NoticeDeps, siteId: number): Site | undefined {
  return deps.sites.list().find((s) => s.row.id === siteId);
}

export const localeOf = (member: { language: string }): Locale => (isLocale(member.language) ? member.language : FALLBACK_LOCALE);

/**
 * Sends one notification mail of `type` to the member, if they may get it (mayMail), in their
 * language, From their site, with one-click unsubscribe for that type and the notice header;
 * records it (notification_mails). `content` gets the member's origin for its links; it may
 * answer null to send nothing. Resolves with whether a mail went out.
 */
export async function sendNotice(
  deps: NoticeDeps,
  member: Member,
  type: EmailNotificationType,
  content: (origin: string, locale: Locale) => NoticeContent | null,
  record: Omit<MailRecord, 'memberId' | 'type'> = {},
): Promise<boolean> {
  if (!mayMail(member, type)) return false;
  const site = siteOf(deps, member.siteId);
  if (!site) return false;
  const locale = localeOf(member);
  const origin = publicOrigin(deps.originTemplate, site);
  const what = content(origin, locale);
  if (!what) return false;
  const subject = { memberId: member.id, type };
  const token = encodeURIComponent(unsubscribeToken(deps.keys, subject));
  const mail = noticeMail({ site, t: deps.translations.t(locale), locale, to: member.email, name: member.name }, what, {
    page: `${origin}${UNSUBSCRIBE_PAGE}?token=${token}`,
    oneClick: `${origin}/api/unsubscribe.php?token=${token}`,
    // Feedback-ID (Gmail's feedback loop groups complaints by it): type, site, sender.
    headers: { [NOTICE_HEADER]: noticeHeaderValue(deps.keys, subject), 'Feedback-ID': `${type}:${site.row.key}:rendezvous` },
  });
  await deps.mailer.send(mail);
  await recordMail(deps.db, { memberId: member.id, type, ...record });
  return true;
}
