import type { MailMessage } from './mailer';
import { siteMail, type MemberMailInput } from './site-mail';

/** The "confirm your e-mail address" mail sent at signup and on request, in the member's language. */
export function activationMail(input: MemberMailInput & { link: string; days: number }): MailMessage {
  return siteMail(input, { keys: 'signup:mail.activation', vars: { days: input.days }, paragraphs: ['body'], link: input.link, after: ['validity', 'ignore'] });
}
