import type { TFunction } from 'i18next';
import { PASSWORD_RESET_LINK_MINUTES } from '../../common/limits';
import type { Site } from '../domain/sites/site-directory';
import { addressSingleLine } from '../../common/sites/company-rules';
import { countryName } from '../../common/i18n/format';
import type { Locale } from '../../common/reference/countries';
import { mailSender } from './mail-sender';
import type { MailMessage } from './mailer';
import { renderMail } from './mail-layout';

/** The password-reset e-mail in the member's language, HTML and plain text. */
export function passwordResetMail(input: { site: Site; t: TFunction; locale: Locale; to: string; name: string; link: string }): MailMessage {
  const { site, t } = input;
  const vars = {
    siteName: site.row.settings.name,
    name: input.name,
    minutes: PASSWORD_RESET_LINK_MINUTES,
    companyName: site.company.name,
    companyAddress: addressSingleLine(site.company.address, countryName(input.locale, site.company.address.country)),
  };
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('mail:resetPassword.greeting', vars),
    paragraphs: [t('mail:resetPassword.body', vars)],
    button: { label: t('mail:resetPassword.button', vars), href: input.link },
    after: [t('mail:resetPassword.ignore', vars)],
    footer: t('mail:resetPassword.footer', vars),
  });
  return {
    from: mailSender(site, input.locale),
    to: input.to,
    subject: t('mail:resetPassword.subject', vars),
    html,
    text,
  };
}
