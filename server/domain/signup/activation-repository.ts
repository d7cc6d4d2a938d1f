import { and, eq, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { emailTokens, members } from '../../db/schema';

/** Unconfirmed -> active, profile visible; the member's id, or null when not an unconfirmed member of the site. */
export async function confirmMember(tx: Tx, memberId: number, siteId: number, now: Date): Promise<number | null> {
  const [member] = await tx
    .update(members)
    .set({ status: 'active', profileStatus: 'active', emailConfirmedAt: now })
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId), eq(members.status, 'not_confirmed')))
    .returning({ id: members.id });
  return member?.id ?? null;
}

/** The member's id when they are an active member of the site, else null. */
export async function activeMemberId(tx: Tx, memberId: number, siteId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId), eq(members.status, 'active')));
  return row?.id ?? null;
}

/** The active member of the site whose activation link (by hash) was used already, else null. */
export async function activeMemberOfUsedLink(tx: Tx, siteId: number, tokenHash: string): Promise<number | null> {
  const [earlier] = await tx
    .select({ id: members.id })
    .from(emailTokens)
    .innerJoin(members, eq(members.id, emailTokens.memberId))
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, 'activate'),
        isNotNull(emailTokens.usedAt),
        eq(members.siteId, siteId),
        eq(members.status, 'active'),
      ),
    );
  return earlier?.id ?? null;
}

/** The member's status, the row locked until the transaction ends (parallel requests take turns). */
export async function lockMemberStatus(tx: Tx, memberId: number): Promise<string | undefined> {
  const [member] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId)).for('no key update');
  return member?.status;
}

/** A new address for the member; the activation links sent to the old one stop working. */
export async function replaceUnconfirmedEmail(tx: Tx, memberId: number, siteId: number, email: string, now: Date): Promise<void> {
  await tx.update(members).set({ email }).where(and(eq(members.id, memberId), eq(members.siteId, siteId)));
  await tx.update(emailTokens).set({ usedAt: now }).where(and(eq(emailTokens.memberId, memberId), eq(emailTokens.purpose, 'activate')));
}
