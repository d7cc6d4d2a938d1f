import type { TFunction } from 'i18next';
import type { Locale } from '../../common/reference/countries';
import type { ComplaintCategory } from '../../common/complaints/complaint';
import type { Site } from '../domain/sites/site-directory';
import { mailSender } from './mail-sender';
import type { MailMessage } from './mailer';
import { renderMail } from './mail-layout';

export interface ComplaintMailInput {
  site: Site;
  t: TFunction;
  locale: Locale;
  id: number;
  email: string;
  category: ComplaintCategory;
  text: string;
  profileId: number | null;
}


function vars(input: ComplaintMailInput) {
  return {
    siteName: input.site.row.settings.name,
    id: input.id,
    email: input.email,
    category: input.t(`complaints:categories.${input.category}`),
    profileId: input.profileId ?? '-',
  };
}

/** To a member (the account's own address), in their language: the complaint arrived, with its reference number and text. */
export function complaintConfirmationMail(input: ComplaintMailInput): MailMessage {
  const { t } = input;
  const v = vars(input);
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('complaints:mail.confirm.greeting', v),
    paragraphs: [t('complaints:mail.confirm.body', v), `${t('complaints:mail.category')}: ${v.category}`, input.text],
    footer: t('complaints:mail.footer', v),
  });
  return { from: mailSender(input.site, input.locale), to: input.email, subject: t('complaints:mail.confirm.subject', v), html, text };
}

/**
 * To a visitor's address, in their language: only that a message with this number arrived.
 * A visitor's address is unproven, so the mail carries nothing the visitor wrote (no text, no
 * category): otherwise the complaint form would relay any text to any inbox.
 */
export function complaintReceiptMail(input: ComplaintMailInput): MailMessage {
  const { t } = input;
  const v = vars(input);
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('complaints:mail.confirm.greeting', v),
    paragraphs: [t('complaints:mail.confirm.receipt', v)],
    footer: t('complaints:mail.footer', v),
  });
  return { from: mailSender(input.site, input.locale), to: input.email, subject: t('complaints:mail.confirm.subject', v), html, text };
}

/** To the site's support address (settings.support_email), in the site's language. */
export function complaintSupportMail(input: ComplaintMailInput): MailMessage {
  const { t } = input;
  const v = vars(input);
  const { html, text } = renderMail({
    lang: input.locale,
    greeting: t('complaints:mail.support.greeting', v),
    paragraphs: [
      `${t('complaints:mail.category')}: ${v.category}`,
      `${t('complaints:mail.support.from')}: ${input.email}`,
      `${t('complaints:mail.support.profile')}: ${v.profileId}`,
      input.text,
    ],
    footer: t('complaints:mail.footer', v),
  });
  return { from: mailSender(input.site, input.locale), to: input.site.row.settings.support_email, subject: t('complaints:mail.support.subject', v), html, text };
}
