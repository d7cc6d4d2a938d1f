import type { TFunction } from 'i18next';
import { REACTIVATION_DAYS } from '../../common/limits';
import { addressSingleLine } from '../../common/sites/company-rules';
import { countryName, formatDate } from '../../common/i18n/format';
import type { Locale } from '../../common/reference/countries';
import type { Site } from '../domain/sites/site-directory';
import { mailSender } from './mail-sender';
import type { MailMessage } from './mailer';
import { renderMail } from './mail-layout';

/**
 * The reactivation e-mail (sent at deletion and on request), in the member's language,
 * HTML and plain text. `purgeAt` is when the account is erased for good.
 */
export function reactivationMail(input: { site: Site; t: TFunction; locale: Locale; to: string; name: string; link: string; purgeAt: Date }): MailMessage {
  const { site, t } = input;
  const vars = {
    siteName: site.row.settings.name,
    name: input.name,
    days: REACTIVATION_DAYS,
    until: formatDate(input.locale, input.purgeAt, 'long'),
    companyName: site.company.name,
    companyAddress: addressSingleLine(site.company.address, countryName(input.locale, site.company.address.country)),
  };
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('account:mail.reactivation.greeting', vars),
    paragraphs: [t('account:mail.reactivation.body', vars), t('account:mail.reactivation.until', vars)],
    button: { label: t('account:mail.reactivation.button', vars), href: input.link },
    after: [t('account:mail.reactivation.ignore', vars)],
    footer: t('account:mail.reactivation.footer', vars),
  });
  return {
    from: mailSender(site, input.locale),
    to: input.to,
    subject: t('account:mail.reactivation.subject', vars),
    html,
    text,
  };
}
