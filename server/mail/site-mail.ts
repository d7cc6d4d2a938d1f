import type { TFunction } from 'i18next';
import { countryName } from '../../common/i18n/format';
import type { Locale } from '../../common/reference/countries';
import { addressSingleLine } from '../../common/sites/company-rules';
import type { Site } from '../domain/sites/site-directory';
import { siteText } from '../domain/sites/site-presenter';
import { renderMail } from './mail-layout';
import type { MailMessage } from './mailer';

/** What every template gets: the site it is sent for and the language it is written in. */
export interface SiteMailContext {
  site: Site;
  t: TFunction;
  locale: Locale;
}

/** A mail to a member: their address and the name it greets. */
export type MemberMailInput = SiteMailContext & { to: string; name: string };

export interface SiteMailParts {
  /** Translation key prefix ('mail:lockout'): `subject`, `greeting`, `button` and `footer` are read below it. */
  keys: string;
  /** The mail's own variables, beside the site's (siteName, companyName, companyAddress) and the member's `name`. */
  vars?: Record<string, unknown>;
  /** Keys below the prefix, or `{ text }` that is already final (a labelled value, what a member wrote). */
  paragraphs: Array<string | { text: string }>;
  /** The button's target; its label is `<keys>.button`. */
  link?: string;
  /** Keys below the prefix, shown after the button. */
  after?: string[];
  /** A full key, for a footer that the mails of a namespace share. */
  footer?: string;
  /** A visible unsubscribe link under the footer: a full key for its label, and its target. */
  unsubscribe?: { key: string; href: string };
}

/** Every mail's From: the site's mail_name in the mail's language, at its support address. */
function mailSender(site: Site, locale: Locale): string {
  return `${siteText(site, 'mail_name', locale)} <${site.row.settings.support_email}>`;
}

/** One transactional mail of a site to `to`, in the layout of every mail, with its texts from one key prefix. */
export function siteMail(input: SiteMailContext & { to: string; name?: string }, mail: SiteMailParts): MailMessage {
  const { site, t, locale } = input;
  const vars = {
    siteName: site.row.settings.name,
    ...(input.name === undefined ? {} : { name: input.name }),
    companyName: site.company.name,
    companyAddress: addressSingleLine(site.company.address, countryName(locale, site.company.address.country)),
    ...mail.vars,
  };
  const text = (key: string) => t(`${mail.keys}.${key}`, vars);
  const rendered = renderMail({
    lang: locale,
    greeting: text('greeting'),
    paragraphs: mail.paragraphs.map((p) => (typeof p === 'string' ? text(p) : p.text)),
    ...(mail.link === undefined ? {} : { button: { label: text('button'), href: mail.link } }),
    ...(mail.after ? { after: mail.after.map(text) } : {}),
    footer: mail.footer ? t(mail.footer, vars) : text('footer'),
    ...(mail.unsubscribe ? { unsubscribe: { label: t(mail.unsubscribe.key, vars), href: mail.unsubscribe.href } } : {}),
  });
  return { from: mailSender(site, locale), to: input.to, subject: text('subject'), ...rendered };
}
