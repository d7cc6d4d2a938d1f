import { createHmac, timingSafeEqual } from 'node:crypto';
import { EMAIL_NOTIFICATION_TYPES, type EmailNotificationType } from '../../../common/account/notification-settings';

/**
 * Signed tokens of notification mails. Two purposes, two keys derived from the cookie secret
 * (like mediaSecretOf): the unsubscribe token of a mail's links (it turns one type off for one
 * member, with no session: only its HMAC authorises that) and the notice header that bounce and
 * spam reports carry back (server/domain/notifications/mail-feedback*: who the mail was to).
 * Neither expires: an unsubscribe link must work as long as the mail sits in an inbox.
 */
export interface NoticeKeys {
  unsubscribe: Buffer;
  notice: Buffer;
}

export function noticeKeysOf(cookieSecret: string): NoticeKeys {
  const derive = (purpose: string) => createHmac('sha256', cookieSecret).update(purpose).digest();
  return { unsubscribe: derive('rendezvous unsubscribe links'), notice: derive('rendezvous notice header') };
}

/** The header that names the member of a notification mail (read back from bounces and ARF reports). */
export const NOTICE_HEADER = 'X-Rendezvous-Notice';

export interface NoticeSubject {
  memberId: number;
  type: EmailNotificationType;
}

// 128 bits of HMAC-SHA256: enough against forgery, short enough for a link.
const sign = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest().subarray(0, 16).toString('base64url');

function make(key: Buffer, s: NoticeSubject): string {
  const body = `${s.memberId}.${s.type}`;
  return `${body}.${sign(key, body)}`;
}

function read(key: Buffer, value: string): NoticeSubject | null {
  const match = /^(\d{1,10})\.([a-z_]{1,40})\.([\w-]{22})$/.exec(value.trim());
  if (!match) return null;
  const [, id, type, signature] = match;
  const expected = Buffer.from(sign(key, `${id}.${type}`));
  const given = Buffer.from(signature!);
  if (!timingSafeEqual(expected, given)) return null;
  if (!(EMAIL_NOTIFICATION_TYPES as readonly string[]).includes(type!)) return null;
  const memberId = Number(id);
  return Number.isSafeInteger(memberId) && memberId > 0 ? { memberId, type: type as EmailNotificationType } : null;
}

export const unsubscribeToken = (keys: NoticeKeys, s: NoticeSubject) => make(keys.unsubscribe, s);
export const readUnsubscribeToken = (keys: NoticeKeys, token: string) => read(keys.unsubscribe, token);

export const noticeHeaderValue = (keys: NoticeKeys, s: NoticeSubject) => make(keys.notice, s);
export const readNoticeHeader = (key: Buffer, value: string) => read(key, value);

/** The member a bounce or spam report is about, from the notice header it quotes; null when forged or absent. */
export function memberOfNoticeHeader(value: string | undefined, key: Buffer): number | null {
  return value === undefined ? null : (read(key, value)?.memberId ?? null);
}
