import { REACTIVATION_DAYS } from '../../common/limits';
import { formatDate } from '../../common/i18n/format';
import type { MailMessage } from './mailer';
import { siteMail, type MemberMailInput } from './site-mail';

/**
 * The reactivation e-mail (sent at deletion and on request), in the member's language,
 * HTML and plain text. `purgeAt` is when the account is erased for good.
 */
export function reactivationMail(input: MemberMailInput & { link: string; purgeAt: Date }): MailMessage {
  const vars = { days: REACTIVATION_DAYS, until: formatDate(input.locale, input.purgeAt, 'long') };
  return siteMail(input, { keys: 'account:mail.reactivation', vars, paragraphs: ['body', 'until'], link: input.link, after: ['ignore'] });
}
