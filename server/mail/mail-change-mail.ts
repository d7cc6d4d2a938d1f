import { MAIL_CHANGE_LINK_MINUTES } from '../../common/account/mail-change';
import type { MailMessage } from './mailer';
import { siteMail, type MemberMailInput } from './site-mail';

const FOOTER = 'settings:mail.footer';

/** To the NEW address: the link that makes it the account's address. */
export function mailChangeConfirmMail(input: MemberMailInput & { link: string }): MailMessage {
  const vars = { email: input.to, hours: Math.round(MAIL_CHANGE_LINK_MINUTES / 60) };
  return siteMail(input, { keys: 'settings:mail.confirm', vars, paragraphs: ['body'], link: input.link, after: ['ignore'], footer: FOOTER });
}

/** To the OLD address: a change was asked for; nothing happens unless the new address confirms. */
export function mailChangeNoticeMail(input: MemberMailInput & { newEmail: string }): MailMessage {
  return siteMail(input, { keys: 'settings:mail.notice', vars: { newEmail: input.newEmail }, paragraphs: ['body'], after: ['notYou'], footer: FOOTER });
}
