import type { MailMessage } from './mailer';
import { siteMail, type MemberMailInput } from './site-mail';

/** What a notification mail says: its texts under `notice-mails:<keys>`, the button's target. */
export interface NoticeContent {
  /** Key prefix below the notice-mails namespace ('newConversation', 'likes.many', ...). */
  keys: string;
  vars?: Record<string, unknown>;
  paragraphs: Array<string | { text: string }>;
  link: string;
  /** A subject that is already final (news); otherwise `<keys>.subject`. */
  subject?: string;
}

/** Where the mail's unsubscribe links lead and what its headers say. */
export interface NoticeLinks {
  /** The page a person opens from the footer (it asks before it unsubscribes). */
  page: string;
  /** The RFC 8058 one-click address a mail client POSTs to. */
  oneClick: string;
  /** Further headers: the notice header, Feedback-ID. */
  headers: Record<string, string>;
}

/**
 * A notification mail of spec 9 in the layout of every mail, with a visible unsubscribe link
 * under the footer and the RFC 8058 headers (List-Unsubscribe, List-Unsubscribe-Post) that let
 * a mail client unsubscribe with one click, without opening the site.
 */
export function noticeMail(input: MemberMailInput, content: NoticeContent, links: NoticeLinks): MailMessage {
  const mail = siteMail(input, {
    keys: `notice-mails:${content.keys}`,
    ...(content.vars ? { vars: content.vars } : {}),
    paragraphs: content.paragraphs,
    link: content.link,
    footer: 'notice-mails:footer',
    unsubscribe: { key: 'notice-mails:unsubscribe', href: links.page },
  });
  return {
    ...mail,
    ...(content.subject === undefined ? {} : { subject: content.subject }),
    listUnsubscribe: links.oneClick,
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', ...links.headers },
  };
}
