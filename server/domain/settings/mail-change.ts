import { MAIL_CHANGE_EMAILS_PER_DAY, MAIL_CHANGE_LINK_MINUTES } from '../../../common/account/mail-change';
import type { Db } from '../../db/database';
import { consumeEmailToken, countEmailTokensSince, issueEmailToken, type IssuedEmailToken } from '../auth/email-token-repository';
import { emailTakenByOther, lockMemberAddress, lockMemberRow, moveToConfirmedAddress, voidEmailTokens } from './settings-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Makes the confirmation link for a new address, at most MAIL_CHANGE_EMAILS_PER_DAY a day.
 * The member row is locked while counting, so parallel requests cannot pass the cap; an
 * earlier unused link is voided, so only the address asked for last can be confirmed.
 */
export async function issueMailChange(
  db: Db,
  input: { memberId: number; newEmail: string; now?: Date },
): Promise<{ ok: true; link: IssuedEmailToken } | { ok: false; reason: 'tooMany' }> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    await lockMemberRow(tx, input.memberId);
    const sent = await countEmailTokensSince(tx, input.memberId, 'mail_change', new Date(now.getTime() - DAY_MS));
    if (sent >= MAIL_CHANGE_EMAILS_PER_DAY) return { ok: false, reason: 'tooMany' } as const;
    await voidEmailTokens(tx, input.memberId, 'mail_change', now);
    const link = await issueEmailToken(tx, { memberId: input.memberId, purpose: 'mail_change', validMinutes: MAIL_CHANGE_LINK_MINUTES, newEmail: input.newEmail, now });
    return { ok: true, link } as const;
  });
}

export type MailChangeOutcome =
  | { ok: true; memberId: number; oldEmail: string; newEmail: string }
  | { ok: false; reason: 'invalid' | 'taken' };

class Refused extends Error {
  constructor(readonly reason: 'invalid' | 'taken') {
    super(reason);
  }
}

const CANNOT_CHANGE = new Set(['pending_deletion', 'disabled']);

/**
 * Follows a confirmation link: uses it up and moves the account to the new address, which
 * is checked again here (it may have been taken since the link was sent). A refusal rolls
 * the whole step back. Two members racing for one address: the unique index on
 * (site, lower(email)) lets one update through and fails the other, reported as taken.
 * Following the link proves the mailbox is the member's, so the address counts as
 * confirmed; the old address's pending reset links stop working.
 */
export async function applyMailChange(db: Db, input: { siteId: number; token: string; now?: Date }): Promise<MailChangeOutcome> {
  const now = input.now ?? new Date();
  try {
    return await db.transaction(async (tx) => {
      const used = await consumeEmailToken(tx, input.token, 'mail_change', now);
      if (!used?.newEmail) throw new Refused('invalid');
      const member = await lockMemberAddress(tx, used.memberId);
      if (!member || member.siteId !== input.siteId || CANNOT_CHANGE.has(member.status)) throw new Refused('invalid');
      if (await emailTakenByOther(tx, input.siteId, used.newEmail, member.id)) throw new Refused('taken');
      // Following a link sent to the new address confirms it: an account still waiting for
      // its activation link is activated by this one as well.
      await moveToConfirmedAddress(tx, member.id, used.newEmail, member.status === 'not_confirmed', now);
      await voidEmailTokens(tx, member.id, 'mail_change', now);
      return { ok: true, memberId: member.id, oldEmail: member.email, newEmail: used.newEmail } as const;
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    if (isUniqueViolation(error)) return { ok: false, reason: 'taken' };
    throw error;
  }
}

/** PostgreSQL's unique_violation, also when wrapped by Drizzle (DrizzleQueryError.cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
