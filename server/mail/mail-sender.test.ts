import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import type { Locale } from '../../common/reference/countries';
import { DEMO_COMPANIES, DEMO_SITES } from '../db/seed/demo-sites';
import type { Site } from '../domain/sites/site-directory';
import { activationMail } from './activation-mail';
import { complaintConfirmationMail, complaintReceiptMail } from './complaint-mail';
import { lockoutMail } from './lockout-mail';
import { mailChangeConfirmMail } from './mail-change-mail';
import { passwordResetMail } from './password-reset-mail';
import { reactivationMail } from './reactivation-mail';

const demo = DEMO_SITES.find((s) => s.key === 'flirtdate')!;
const company = DEMO_COMPANIES[0]!;
const site = {
  row: { id: 1, key: demo.key, hosts: demo.hosts, companyId: 1, isDefault: false, createdAt: new Date(), settings: { ...demo.settings, mail_name: { nl: 'Flirtdate', de: 'Flirtdate-Team' } } },
  company: { ...company, id: 1, added: new Date(company.added) },
} satisfies Site;
const t = ((key: string) => key) as unknown as TFunction;
const base = { site, t, to: 'a@example.com', name: 'Anna', link: 'http://flirtdate.localhost/x' };

describe('mail sender name', () => {
  it.each([
    ['de', 'Flirtdate-Team'],
    ['nl', 'Flirtdate'],
    // No French name: the site's own language (nl).
    ['fr', 'Flirtdate'],
  ] as Array<[Locale, string]>)('is the site mail_name in the mail language (%s)', (locale, name) => {
    const from = `${name} <support@flirtdate.example>`;
    expect(activationMail({ ...base, locale, days: 3 }).from).toBe(from);
    expect(passwordResetMail({ ...base, locale }).from).toBe(from);
    expect(reactivationMail({ ...base, locale, purgeAt: new Date() }).from).toBe(from);
    expect(mailChangeConfirmMail({ ...base, locale }).from).toBe(from);
    const complaint = { site, t, locale, id: 1, email: 'a@example.com', category: 'other', text: 'x', profileId: null } as const;
    expect(complaintConfirmationMail(complaint).from).toBe(from);
    expect(complaintReceiptMail(complaint).from).toBe(from);
    expect(lockoutMail({ ...base, locale, minutes: 15 }).from).toBe(from);
  });
});
