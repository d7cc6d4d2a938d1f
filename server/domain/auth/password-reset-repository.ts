import { and, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { members, passwordResetTokens, sessions } from '../../db/schema';

/** Locks the member row (parallel requests take turns) and counts the reset links made since `since`. */
export async function lockAndCountResetLinks(tx: Tx, memberId: number, since: Date): Promise<number> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
  const [sent] = await tx
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.memberId, memberId), gt(passwordResetTokens.createdAt, since)));
  return sent?.n ?? 0;
}

export async function insertResetLink(tx: Tx, link: { tokenHash: string; memberId: number; createdAt: Date; expiresAt: Date }): Promise<void> {
  await tx.insert(passwordResetTokens).values(link);
}

/**
 * Marks the link used when it is unused, unexpired and of a member of this site; the member's
 * id, or null. Marking it is the guard: of two parallel completions only one updates it.
 */
export async function useResetLink(tx: Tx, siteId: number, tokenHash: string, now: Date): Promise<number | null> {
  const [used] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        inArray(passwordResetTokens.memberId, tx.select({ id: members.id }).from(members).where(eq(members.siteId, siteId))),
      ),
    )
    .returning({ memberId: passwordResetTokens.memberId });
  return used?.memberId ?? null;
}

/** The new password, and every session of the account ended: whoever knew the old one is out. */
export async function setPasswordEndingSessions(tx: Tx, memberId: number, passwordHash: string): Promise<void> {
  await tx.update(members).set({ passwordHash }).where(eq(members.id, memberId));
  await tx.delete(sessions).where(eq(sessions.memberId, memberId));
}
