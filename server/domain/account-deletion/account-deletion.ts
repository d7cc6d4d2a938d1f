import { REACTIVATION_DAYS } from '../../../common/limits';
import type { Db } from '../../db/database';
import { issueEmailToken } from '../auth/email-token-repository';
import { checkCurrentPassword } from '../auth/current-password';
import type { MemberRow } from '../members/account-repository';
import { deleteSessionsOf, lockMember, markPendingDeletion } from './account-deletion-repository';

export const REACTIVATION_LINK_MINUTES = REACTIVATION_DAYS * 24 * 60;

export type DeletionResult =
  | { ok: true; token: string; deletedAt: Date }
  | { ok: false; reason: 'wrongPassword' | 'notDeletable' }
  /** `lockedOut`: this wrong password started a block of the account (the owner is told). */
  | { ok: false; reason: 'blocked'; minutes: number; lockedOut: boolean };

/**
 * Deletes an account the way spec section 4 describes: it becomes pending_deletion at
 * once (gone from every listing, every session ended) and stays reactivatable for
 * REACTIVATION_DAYS by the link whose token this returns.
 * The password is asked again so that a session left open on a shared device cannot
 * delete the account; wrong guesses count against the login throttle like failed logins.
 */
export async function requestAccountDeletion(db: Db, member: MemberRow, input: { password: string; ip: string; now?: Date }): Promise<DeletionResult> {
  const now = input.now ?? new Date();
  // Checked before the transaction: argon2 takes a while and must not hold a connection.
  const check = await checkCurrentPassword(db, member, { ...input, now });
  if (!check.ok) return check;
  return db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    if (!(await markPendingDeletion(tx, member.id, now))) return { ok: false, reason: 'notDeletable' } as const;
    await deleteSessionsOf(tx, member.id);
    const { token } = await issueEmailToken(tx, { memberId: member.id, purpose: 'reactivate', validMinutes: REACTIVATION_LINK_MINUTES, now });
    return { ok: true, token, deletedAt: now } as const;
  });
}
