import type { MailMessage } from './mailer';
import { siteMail, type MemberMailInput } from './site-mail';

/** To the owner of an account whose sign-in was just blocked, in the member's language. */
export function lockoutMail(input: MemberMailInput & { minutes: number; link: string }): MailMessage {
  return siteMail(input, { keys: 'mail:lockout', vars: { minutes: input.minutes }, paragraphs: ['body'], link: input.link, after: ['advice'] });
}
