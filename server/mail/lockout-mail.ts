import type { TFunction } from 'i18next';
import { addressSingleLine } from '../../common/sites/company-rules';
import { countryName } from '../../common/i18n/format';
import type { Locale } from '../../common/reference/countries';
import type { Site } from '../domain/sites/site-directory';
import { mailSender } from './mail-sender';
import type { MailMessage } from './mailer';
import { renderMail } from './mail-layout';

/** To the owner of an account whose sign-in was just blocked, in the member's language. */
export function lockoutMail(input: { site: Site; t: TFunction; locale: Locale; to: string; name: string; minutes: number; link: string }): MailMessage {
  const { site, t } = input;
  const vars = {
    siteName: site.row.settings.name,
    name: input.name,
    minutes: input.minutes,
    companyName: site.company.name,
    companyAddress: addressSingleLine(site.company.address, countryName(input.locale, site.company.address.country)),
  };
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('mail:lockout.greeting', vars),
    paragraphs: [t('mail:lockout.body', vars)],
    button: { label: t('mail:lockout.button', vars), href: input.link },
    after: [t('mail:lockout.advice', vars)],
    footer: t('mail:lockout.footer', vars),
  });
  return { from: mailSender(site, input.locale), to: input.to, subject: t('mail:lockout.subject', vars), html, text };
}
