import type { ComplaintCategory } from '../../common/complaints/complaint';
import type { MailMessage } from './mailer';
import { siteMail, type SiteMailContext } from './site-mail';

export interface ComplaintMailInput extends SiteMailContext {
  id: number;
  email: string;
  category: ComplaintCategory;
  text: string;
  profileId: number | null;
}

const FOOTER = 'complaints:mail.footer';

function complaintVars(input: ComplaintMailInput) {
  return { id: input.id, email: input.email, category: input.t(`complaints:categories.${input.category}`), profileId: input.profileId ?? '-' };
}

/** A paragraph "Label: value" whose label is a translation key. */
function labelled(input: ComplaintMailInput, key: string, value: string | number) {
  return { text: `${input.t(key)}: ${value}` };
}

/** To a member (the account's own address), in their language: the complaint arrived, with its reference number and text. */
export function complaintConfirmationMail(input: ComplaintMailInput): MailMessage {
  const vars = complaintVars(input);
  const paragraphs = ['body', labelled(input, 'complaints:mail.category', vars.category), { text: input.text }];
  return siteMail({ ...input, to: input.email }, { keys: 'complaints:mail.confirm', vars, paragraphs, footer: FOOTER });
}

/**
 * To a visitor's address, in their language: only that a message with this number arrived.
 * A visitor's address is unproven, so the mail carries nothing the visitor wrote (no text, no
 * category): otherwise the complaint form would relay any text to any inbox.
 */
export function complaintReceiptMail(input: ComplaintMailInput): MailMessage {
  return siteMail({ ...input, to: input.email }, { keys: 'complaints:mail.confirm', vars: complaintVars(input), paragraphs: ['receipt'], footer: FOOTER });
}

/** To the site's support address (settings.support_email), in the site's language. */
export function complaintSupportMail(input: ComplaintMailInput): MailMessage {
  const vars = complaintVars(input);
  const paragraphs = [
    labelled(input, 'complaints:mail.category', vars.category),
    labelled(input, 'complaints:mail.support.from', input.email),
    labelled(input, 'complaints:mail.support.profile', vars.profileId),
    { text: input.text },
  ];
  return siteMail({ ...input, to: input.site.row.settings.support_email }, { keys: 'complaints:mail.support', vars, paragraphs, footer: FOOTER });
}
