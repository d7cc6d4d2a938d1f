import { describe, expect, it } from 'vitest';
import type { Locale } from '../../common/reference/countries';
import { DEMO_COMPANIES, DEMO_SITES } from '../db/seed/demo-sites';
import type { Site } from '../domain/sites/site-directory';
import { ServerTranslations } from '../i18n/server-translations';
import { activationMail } from './activation-mail';
import { complaintConfirmationMail, complaintReceiptMail, complaintSupportMail } from './complaint-mail';
import { lockoutMail } from './lockout-mail';
import { mailChangeConfirmMail, mailChangeNoticeMail } from './mail-change-mail';
import type { MailMessage } from './mailer';
import { passwordResetMail } from './password-reset-mail';
import { reactivationMail } from './reactivation-mail';

const demo = DEMO_SITES.find((s) => s.key === 'flirtdate')!;
const company = DEMO_COMPANIES[0]!;
const site = {
  row: { id: 1, key: demo.key, hosts: demo.hosts, companyId: 1, isDefault: false, createdAt: new Date(), settings: { ...demo.settings, mail_name: { nl: 'Flirtdate', de: 'Flirtdate-Team' } } },
  company: { ...company, id: 1, added: new Date(company.added) },
} satisfies Site;
const translations = new ServerTranslations();

/** Every template with fixed input; the name and link carry characters the HTML must escape. */
function allMails(locale: Locale): Record<string, MailMessage> {
  const base = { site, t: translations.t(locale), locale, to: 'anna@example.com', name: 'Anna & <Bo>', link: 'http://flirtdate.localhost/x?a=1&b="2"' };
  const complaint = { site, t: base.t, locale, id: 42, email: 'anna@example.com', category: 'spam-scam', text: 'He asked for <money> & more.', profileId: 7 } as const;
  return {
    activation: activationMail({ ...base, days: 3 }),
    passwordReset: passwordResetMail(base),
    reactivation: reactivationMail({ ...base, purgeAt: new Date('2026-03-04T12:00:00Z') }),
    lockout: lockoutMail({ ...base, minutes: 15 }),
    mailChangeConfirm: mailChangeConfirmMail({ ...base, to: 'new@example.com' }),
    mailChangeNotice: mailChangeNoticeMail({ ...base, newEmail: 'new@example.com' }),
    complaintConfirmation: complaintConfirmationMail(complaint),
    complaintReceipt: complaintReceiptMail(complaint),
    complaintSupport: complaintSupportMail({ ...complaint, profileId: null }),
  };
}

describe('mail templates', () => {
  // The stored snapshot is the exact mail as sent: a change of wording, layout or escaping shows here.
  it.each(['en', 'de'] as Locale[])('render the same from, to, subject, HTML and text (%s)', (locale) => {
    expect(allMails(locale)).toMatchSnapshot();
  });
});

describe('mail sender name', () => {
  it.each([
    ['de', 'Flirtdate-Team'],
    ['nl', 'Flirtdate'],
    // No French name: the site's own language (nl).
    ['fr', 'Flirtdate'],
  ] as Array<[Locale, string]>)('is the site mail_name in the mail language (%s)', (locale, name) => {
    for (const [template, mail] of Object.entries(allMails(locale))) expect(mail.from, template).toBe(`${name} <support@flirtdate.example>`);
  });
});
