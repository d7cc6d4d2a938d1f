import { z } from 'zod';
import type { NotificationsDisabledReason } from '../../../common/account/notification-settings';
import type { Db } from '../../db/database';
import { addDisabledReason, sitesSendingAs } from './mail-feedback-repository';
import type { Headers } from 'mailparser';
import { parseMailReport, type MailReport } from './mail-feedback-report';
import { memberOfNoticeHeader, NOTICE_HEADER } from './notice-token';

/** The largest report taken (a bounce returns our mail, a few dozen KB at most; Postfix cuts at 50 KB). */
export const MAIL_FEEDBACK_MAX_BYTES = 1024 * 1024;

/** ARF feedback types that are a member's complaint about our mail (RFC 5965 section 7.3). */
const COMPLAINT_TYPES = new Set(['abuse', 'fraud']);

/**
 * What a report did, for the mail server or operator who handed it over:
 * recorded (mail to at least one member stopped now), already_recorded (a repeated report),
 * unknown_recipient (no member has that address), ignored (a soft bounce, a delay, a
 * feedback type that is no complaint).
 */
export const mailFeedbackResultSchema = z.object({
  outcome: z.enum(['recorded', 'already_recorded', 'unknown_recipient', 'ignored']),
  reason: z.enum(['bounce', 'fbl']).nullable(),
  /** Members whose mail stopped with this report. */
  members: z.number().int(),
});
export type MailFeedbackResult = z.infer<typeof mailFeedbackResultSchema>;

export type FeedbackDecision = { reason: Extract<NotificationsDisabledReason, 'bounce' | 'fbl'>; addresses: string[] } | null;

/**
 * Which addresses a report says to stop mailing, and why. Only a hard bounce (Action: failed
 * with a 5.x.x status) counts: a full mailbox or a delay (4.x.x) passes. Only an abuse or
 * fraud report counts as a complaint.
 */
export function decide(report: MailReport): FeedbackDecision {
  if (report.kind === 'delivery-status') {
    const addresses = report.recipients.filter((r) => r.action === 'failed' && r.status.startsWith('5.') && r.address).map((r) => r.address!);
    return addresses.length > 0 ? { reason: 'bounce', addresses } : null;
  }
  return COMPLAINT_TYPES.has(report.feedbackType) ? { reason: 'fbl', addresses: report.recipients } : null;
}

/** The address our mail went out from: the returned message's From, or the report's Original-Mail-From. */
function senderOf(report: MailReport): string | null {
  return report.original?.from ?? (report.kind === 'feedback-report' ? report.originalMailFrom : null);
}

/** The member a returned message was for, by a signed header it carries (the notice header of notification mails); null when absent or forged. */
export type MemberOfOriginal = (headers: Headers) => number | null;

/** Reads the notice header notification mails carry (notice-token.ts), signed with `key`; a forged one names nobody. */
export function noticeHeaderReader(key: Buffer): MemberOfOriginal {
  return (headers) => {
    const value = headers.get(NOTICE_HEADER.toLowerCase());
    return memberOfNoticeHeader(typeof value === 'string' ? value : undefined, key);
  };
}

export interface FeedbackDoor {
  /** The site a report that shows no sender concerns: the host it was posted to, or the command's --site. */
  siteId: number;
  memberOf?: MemberOfOriginal;
}

/**
 * Takes a raw report handed over by the mail server and records its reason for the members
 * it names. A signed notice header in the returned message names the member outright (a
 * bounce still only when the member's address is the one that bounced); otherwise the member
 * is found by the address the mail went to, on the sites that sent it (by its From), or on the
 * door's site when the report does not show the sender. Null: not a report; nothing changed.
 */
export async function takeMailFeedback(db: Db, raw: Buffer | string, door: FeedbackDoor): Promise<MailFeedbackResult | null> {
  const report = await parseMailReport(raw);
  if (!report) return null;
  const decision = decide(report);
  if (!decision) return { outcome: 'ignored', reason: null, members: 0 };
  const memberId = report.original && door.memberOf ? door.memberOf(report.original.headers) : null;
  if (memberId === null && decision.addresses.length === 0) return { outcome: 'unknown_recipient', reason: decision.reason, members: 0 };
  const sender = senderOf(report);
  const sending = sender && memberId === null ? await sitesSendingAs(db, sender) : [];
  const { matched, changed } = await addDisabledReason(db, {
    ...(memberId === null ? { siteIds: sending.length > 0 ? sending : [door.siteId] } : { memberId }),
    // Providers may redact the recipient of a complaint; a bounce is about the address that bounced.
    addresses: memberId !== null && decision.reason === 'fbl' ? [] : decision.addresses,
    reason: decision.reason,
  });
  if (matched === 0) return { outcome: 'unknown_recipient', reason: decision.reason, members: 0 };
  return { outcome: changed > 0 ? 'recorded' : 'already_recorded', reason: decision.reason, members: changed };
}

/** The outcome in a line, for the command's output and logs (no address: it is personal data). */
export function describeOutcome(result: MailFeedbackResult | null): string {
  if (!result) return 'Not a delivery status notification or feedback report: nothing changed.';
  switch (result.outcome) {
    case 'recorded':
      return `Recorded "${result.reason}": e-mail notifications stopped for ${result.members} member(s).`;
    case 'already_recorded':
      return `"${result.reason}" was already recorded: nothing changed.`;
    case 'unknown_recipient':
      return 'No member has the reported address: nothing changed.';
    case 'ignored':
      return 'Not a hard bounce or a spam complaint (a delay, a full mailbox, another feedback type): nothing changed.';
  }
}
