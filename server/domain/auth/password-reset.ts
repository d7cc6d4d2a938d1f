import { randomBytes } from 'node:crypto';
import { PASSWORD_RESET_EMAILS_PER_DAY, PASSWORD_RESET_LINK_MINUTES } from '../../../common/limits';
import type { Db } from '../../db/database';
import { findMemberByEmail, type MemberRow } from '../members/account-repository';
import { hashPassword } from './password';
import { insertResetLink, lockAndCountResetLinks, setPasswordEndingSessions, useResetLink } from './password-reset-repository';
import { hashToken } from './sessions';

export type ResetRequestResult = { ok: true; member: MemberRow; token: string } | { ok: false; reason: 'notFound' | 'tooMany' };

/**
 * Makes a single-use reset link for the account with this e-mail on this site, at most
 * PASSWORD_RESET_EMAILS_PER_DAY a day (spec section 8 names both refusals). The count and
 * the insert share a transaction with the member row locked, so parallel requests cannot
 * exceed the limit.
 */
export async function requestPasswordReset(db: Db, siteId: number, email: string, now = new Date()): Promise<ResetRequestResult> {
  const member = await findMemberByEmail(db, siteId, email);
  if (!member || member.status === 'pending_deletion' || member.status === 'disabled') return { ok: false, reason: 'notFound' };
  return db.transaction(async (tx) => {
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    if ((await lockAndCountResetLinks(tx, member.id, since)) >= PASSWORD_RESET_EMAILS_PER_DAY) return { ok: false, reason: 'tooMany' } as const;
    const token = randomBytes(32).toString('base64url');
    await insertResetLink(tx, {
      tokenHash: hashToken(token),
      memberId: member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PASSWORD_RESET_LINK_MINUTES * 60_000),
    });
    return { ok: true, member, token } as const;
  });
}

/**
 * Sets the new password when the link is valid (unused, unexpired, of this site), uses the
 * link up, and ends every session of the account: whoever knew the old password is out.
 */
export async function completePasswordReset(db: Db, siteId: number, token: string, password: string, now = new Date()): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const memberId = await useResetLink(tx, siteId, hashToken(token), now);
    if (memberId === null) return false;
    await setPasswordEndingSessions(tx, memberId, passwordHash);
    return true;
  });
}
