import { PASSWORD_RESET_LINK_MINUTES } from '../../common/limits';
import type { MailMessage } from './mailer';
import { siteMail, type MemberMailInput } from './site-mail';

/** The password-reset e-mail in the member's language, HTML and plain text. */
export function passwordResetMail(input: MemberMailInput & { link: string }): MailMessage {
  return siteMail(input, { keys: 'mail:resetPassword', vars: { minutes: PASSWORD_RESET_LINK_MINUTES }, paragraphs: ['body'], link: input.link, after: ['ignore'] });
}
