import { randomBytes } from 'node:crypto';
import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import { PASSWORD_RESET_EMAILS_PER_DAY, PASSWORD_RESET_LINK_MINUTES } from '../../../common/limits';
import type { Db } from '../../db/database';
import { members, passwordResetTokens, sessions } from '../../db/schema';
import { findMemberByEmail, type MemberRow } from '../members/account-repository';
import { hashPassword } from './password';
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
    await tx.select({ id: members.id }).from(members).where(eq(members.id, member.id)).for('no key update');
    const since = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    const [sent] = await tx
      .select({ n: count() })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.memberId, member.id), gt(passwordResetTokens.createdAt, since)));
    if ((sent?.n ?? 0) >= PASSWORD_RESET_EMAILS_PER_DAY) return { ok: false, reason: 'tooMany' } as const;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResetTokens).values({
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
    // Marking the link used is the guard: of two parallel completions only one updates it.
    const [used] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, now),
          inArray(passwordResetTokens.memberId, tx.select({ id: members.id }).from(members).where(eq(members.siteId, siteId))),
        ),
      )
      .returning({ memberId: passwordResetTokens.memberId });
    if (!used) return false;
    await tx.update(members).set({ passwordHash }).where(eq(members.id, used.memberId));
    await tx.delete(sessions).where(eq(sessions.memberId, used.memberId));
    return true;
  });
}
