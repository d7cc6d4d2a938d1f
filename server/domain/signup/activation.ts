import type { Db } from '../../db/database';
import { consumeEmailToken, countEmailTokensSince, issueEmailToken } from '../auth/email-token-repository';
import { hashToken } from '../auth/sessions';
import { activeMemberId, activeMemberOfUsedLink, confirmMember, lockMemberStatus, replaceUnconfirmedEmail } from './activation-repository';
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
      const confirmed = await confirmMember(tx, used.memberId, siteId, now);
      if (confirmed !== null) return { ok: true, memberId: confirmed };
      const already = await activeMemberId(tx, used.memberId, siteId);
      return already !== null ? { ok: true, memberId: already } : { ok: false };
    }
    const earlier = await activeMemberOfUsedLink(tx, siteId, hashToken(token));
    return earlier !== null ? { ok: true, memberId: earlier } : { ok: false };
  });
}

/** A new activation link for an unconfirmed member, at most ACTIVATION_MAILS_PER_DAY a day. */
export async function newActivationLink(db: Db, memberId: number, now = new Date()): Promise<{ ok: true; token: string } | { ok: false; reason: 'confirmed' | 'tooMany' }> {
  return db.transaction(async (tx) => {
    if ((await lockMemberStatus(tx, memberId)) !== 'not_confirmed') return { ok: false, reason: 'confirmed' } as const;
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
      if ((await lockMemberStatus(tx, memberId)) !== 'not_confirmed') return { ok: false, reason: 'confirmed' } as const;
      const sent = await countEmailTokensSince(tx, memberId, 'activate', new Date(now.getTime() - 24 * 60 * 60 * 1000));
      if (sent >= ACTIVATION_MAILS_PER_DAY) return { ok: false, reason: 'tooMany' } as const;
      await replaceUnconfirmedEmail(tx, memberId, siteId, email, now);
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
