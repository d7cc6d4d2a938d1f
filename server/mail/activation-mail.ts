import type { TFunction } from 'i18next';
import type { Site } from '../domain/sites/site-directory';
import { addressSingleLine } from '../../common/sites/company-rules';
import { countryName } from '../../common/i18n/format';
import type { Locale } from '../../common/reference/countries';
import { mailSender } from './mail-sender';
import type { MailMessage } from './mailer';
import { renderMail } from './mail-layout';

/** The "confirm your e-mail address" mail sent at signup and on request, in the member's language. */
export function activationMail(input: { site: Site; t: TFunction; locale: Locale; to: string; name: string; link: string; days: number }): MailMessage {
  const { site, t } = input;
  const vars = {
    siteName: site.row.settings.name,
    name: input.name,
    days: input.days,
    companyName: site.company.name,
    companyAddress: addressSingleLine(site.company.address, countryName(input.locale, site.company.address.country)),
  };
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('signup:mail.activation.greeting', vars),
    paragraphs: [t('signup:mail.activation.body', vars)],
    button: { label: t('signup:mail.activation.button', vars), href: input.link },
    after: [t('signup:mail.activation.validity', vars), t('signup:mail.activation.ignore', vars)],
    footer: t('signup:mail.activation.footer', vars),
  });
  return {
    from: mailSender(site, input.locale),
    to: input.to,
    subject: t('signup:mail.activation.subject', vars),
    html,
    text,
  };
}
