import type { TFunction } from 'i18next';
import { MAIL_CHANGE_LINK_MINUTES } from '../../common/account/mail-change';
import { countryName } from '../../common/i18n/format';
import type { Locale } from '../../common/reference/countries';
import { addressSingleLine } from '../../common/sites/company-rules';
import type { Site } from '../domain/sites/site-directory';
import { mailSender } from './mail-sender';
import type { MailMessage } from './mailer';
import { renderMail } from './mail-layout';

interface MailInput {
  site: Site;
  t: TFunction;
  locale: Locale;
  to: string;
  name: string;
}

function commonVars(input: MailInput) {
  const { site } = input;
  return {
    siteName: site.row.settings.name,
    name: input.name,
    companyName: site.company.name,
    companyAddress: addressSingleLine(site.company.address, countryName(input.locale, site.company.address.country)),
  };
}


/** To the NEW address: the link that makes it the account's address. */
export function mailChangeConfirmMail(input: MailInput & { link: string }): MailMessage {
  const { t } = input;
  const vars = { ...commonVars(input), email: input.to, hours: Math.round(MAIL_CHANGE_LINK_MINUTES / 60) };
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('settings:mail.confirm.greeting', vars),
    paragraphs: [t('settings:mail.confirm.body', vars)],
    button: { label: t('settings:mail.confirm.button', vars), href: input.link },
    after: [t('settings:mail.confirm.ignore', vars)],
    footer: t('settings:mail.footer', vars),
  });
  return { from: mailSender(input.site, input.locale), to: input.to, subject: t('settings:mail.confirm.subject', vars), html, text };
}

/** To the OLD address: a change was asked for; nothing happens unless the new address confirms. */
export function mailChangeNoticeMail(input: MailInput & { newEmail: string }): MailMessage {
  const { t } = input;
  const vars = { ...commonVars(input), newEmail: input.newEmail };
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('settings:mail.notice.greeting', vars),
    paragraphs: [t('settings:mail.notice.body', vars)],
    after: [t('settings:mail.notice.notYou', vars)],
    footer: t('settings:mail.footer', vars),
  });
  return { from: mailSender(input.site, input.locale), to: input.to, subject: t('settings:mail.notice.subject', vars), html, text };
}
