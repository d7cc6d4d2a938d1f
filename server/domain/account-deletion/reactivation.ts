import { REACTIVATION_EMAILS_PER_DAY } from '../../../common/account-deletion/account-deletion-rules';
import type { Db } from '../../db/database';
import { consumeEmailToken, countEmailTokensSince, issueEmailToken } from '../auth/email-token-repository';
import { findMemberByEmail, type MemberRow } from '../members/account-repository';
import { REACTIVATION_LINK_MINUTES } from './account-deletion';
import { expireReactivationTokens, lockMember, restoreMember } from './account-deletion-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A new reactivation link for the deleted account with this address on this site, or
 * null when there is none or it already had REACTIVATION_EMAILS_PER_DAY links today. The
 * caller answers both the same way. Count and insert share a transaction with the member
 * row locked, so parallel requests cannot pass the limit.
 */
export async function requestReactivationLink(db: Db, siteId: number, email: string, now = new Date()): Promise<{ member: MemberRow; token: string } | null> {
  const member = await findMemberByEmail(db, siteId, email);
  if (member?.status !== 'pending_deletion') return null;
  return db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    const sent = await countEmailTokensSince(tx, member.id, 'reactivate', new Date(now.getTime() - DAY_MS));
    if (sent >= REACTIVATION_EMAILS_PER_DAY) return null;
    const { token } = await issueEmailToken(tx, { memberId: member.id, purpose: 'reactivate', validMinutes: REACTIVATION_LINK_MINUTES, now });
    return { member, token };
  });
}

class WrongSite extends Error {}

/**
 * Reactivates the account of a valid link (unused, unexpired, purpose reactivate, this
 * site, still pending deletion) and uses up all its reactivation links. Returns the
 * restored member, or null. A link of another site is left unused.
 */
export async function reactivateAccount(db: Db, siteId: number, token: string, now = new Date()): Promise<MemberRow | null> {
  try {
    return await db.transaction(async (tx) => {
      const used = await consumeEmailToken(tx, token, 'reactivate', now);
      if (!used) return null;
      const member = await restoreMember(tx, used.memberId, siteId);
      // Roll back so the token stays usable where it belongs.
      if (!member) throw new WrongSite();
      await expireReactivationTokens(tx, member.id, now);
      return member;
    });
  } catch (error) {
    if (error instanceof WrongSite) return null;
    throw error;
  }
}
