import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { emailTokens, members } from '../../db/schema';
import { consumeEmailToken, countEmailTokensSince, issueEmailToken } from '../auth/email-token-repository';
import { hashToken } from '../auth/sessions';
import { ACTIVATION_LINK_DAYS } from './signup-service';

/** Activation mails one account may receive per 24 hours (the signup's own included). */
export const ACTIVATION_MAILS_PER_DAY = 5;

/**
 * Confirms the e-mail address with an activation link: the account becomes active and its
 * profile visible. A link that was already used for an account that is now confirmed
 * counts as success (a second click, or a mail scanner that opened it first).
 */
export async function activateAccount(db: Db, siteId: number, token: string, now = new Date()): Promise<{ ok: boolean; memberId?: number }> {
  return db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, token, 'activate', now);
    if (used) {
      const [member] = await tx
        .update(members)
        .set({ status: 'active', profileStatus: 'active', emailConfirmedAt: now })
        .where(and(eq(members.id, used.memberId), eq(members.siteId, siteId), eq(members.status, 'not_confirmed')))
        .returning({ id: members.id });
      if (member) return { ok: true, memberId: member.id };
      const [already] = await tx
        .select({ id: members.id })
        .from(members)
        .where(and(eq(members.id, used.memberId), eq(members.siteId, siteId), eq(members.status, 'active')));
      return already ? { ok: true, memberId: already.id } : { ok: false };
    }
    const [earlier] = await tx
      .select({ id: members.id })
      .from(emailTokens)
      .innerJoin(members, eq(members.id, emailTokens.memberId))
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, 'activate'),
          isNotNull(emailTokens.usedAt),
          eq(members.siteId, siteId),
          eq(members.status, 'active'),
        ),
      );
    return earlier ? { ok: true, memberId: earlier.id } : { ok: false };
  });
}

/** A new activation link for an unconfirmed member, at most ACTIVATION_MAILS_PER_DAY a day. */
export async function newActivationLink(db: Db, memberId: number, now = new Date()): Promise<{ ok: true; token: string } | { ok: false; reason: 'confirmed' | 'tooMany' }> {
  return db.transaction(async (tx) => {
    const [member] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId)).for('no key update');
    if (member?.status !== 'not_confirmed') return { ok: false, reason: 'confirmed' } as const;
    const sent = await countEmailTokensSince(tx, memberId, 'activate', new Date(now.getTime() - 24 * 60 * 60 * 1000));
    if (sent >= ACTIVATION_MAILS_PER_DAY) return { ok: false, reason: 'tooMany' } as const;
    const { token } = await issueEmailToken(tx, { memberId, purpose: 'activate', validMinutes: ACTIVATION_LINK_DAYS * 24 * 60, now });
    return { ok: true, token } as const;
  });
}

/**
 * Corrects the address of an account that has not confirmed it yet (the complete-signup
 * step's e-mail check): earlier activation links stop working, a new one goes out.
 */
export async function correctUnconfirmedEmail(
  db: Db,
  memberId: number,
  siteId: number,
  email: string,
  now = new Date(),
): Promise<{ ok: true; token: string } | { ok: false; reason: 'confirmed' | 'exists' | 'tooMany' }> {
  try {
    return await db.transaction(async (tx) => {
      const [member] = await tx.select({ status: members.status }).from(members).where(eq(members.id, memberId)).for('no key update');
      if (member?.status !== 'not_confirmed') return { ok: false, reason: 'confirmed' } as const;
      const sent = await countEmailTokensSince(tx, memberId, 'activate', new Date(now.getTime() - 24 * 60 * 60 * 1000));
      if (sent >= ACTIVATION_MAILS_PER_DAY) return { ok: false, reason: 'tooMany' } as const;
      await tx.update(members).set({ email }).where(and(eq(members.id, memberId), eq(members.siteId, siteId)));
      await tx.update(emailTokens).set({ usedAt: now }).where(and(eq(emailTokens.memberId, memberId), eq(emailTokens.purpose, 'activate')));
      const { token } = await issueEmailToken(tx, { memberId, purpose: 'activate', validMinutes: ACTIVATION_LINK_DAYS * 24 * 60, now });
      return { ok: true, token } as const;
    });
  } catch (error) {
    if ((error as { code?: string; cause?: { code?: string } }).code === '23505' || (error as { cause?: { code?: string } }).cause?.code === '23505') {
      return { ok: false, reason: 'exists' };
    }
    throw error;
  }
}
