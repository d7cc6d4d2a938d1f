import type { Db } from '../../db/database';
import { findMemberByEmail, type MemberRow } from '../members/account-repository';
import { blockedMinutes, clearAccountFailures, recordFailure, throttleKeys } from './login-throttle-repository';
import { verifyDecoy, verifyPassword } from './password';
import { startSession } from './sessions';

export type LoginResult =
  | { ok: true; member: MemberRow; token: string }
  | { ok: false; reason: 'invalid' }
  /** The password was right but the account is deleted: it can be reactivated by e-mailed link. */
  | { ok: false; reason: 'deleted'; email: string }
  /** `lockedOut`: this attempt started a block of that member's account (the owner is told). */
  | { ok: false; reason: 'blocked'; minutes: number; lockedOut?: MemberRow };

/** Statuses that may not log in (deleted accounts are told so, after a right password, below). */
const CANNOT_LOG_IN = new Set(['disabled']);

/**
 * Checks credentials for a site and starts a new session (a fresh token at every login, so
 * a session id planted before login is worthless). Failed attempts count against the
 * account from this client address, the account and the address (login-throttle-repository.ts); a
 * blocked one is refused before the password is even checked.
 */
export async function login(db: Db, input: { siteId: number; email: string; password: string; ip: string; userAgent: string }): Promise<LoginResult> {
  const keys = throttleKeys(input.siteId, input.email, input.ip);
  const blocked = await blockedMinutes(db, keys);
  if (blocked > 0) return { ok: false, reason: 'blocked', minutes: blocked };

  const member = await findMemberByEmail(db, input.siteId, input.email);
  const valid =
    member?.passwordHash && !CANNOT_LOG_IN.has(member.status)
      ? await verifyPassword(member.passwordHash, input.password)
      : await verifyDecoy(input.password);
  if (!member || !valid) {
    const { minutes, accountBlocked } = await recordFailure(db, keys);
    if (minutes === 0) return { ok: false, reason: 'invalid' };
    return { ok: false, reason: 'blocked', minutes, ...(accountBlocked && member ? { lockedOut: member } : {}) };
  }
  // Only someone who knows the password learns that the account is deleted (no enumeration);
  // no session: a deleted account comes back only through its reactivation link.
  if (member.status === 'pending_deletion') return { ok: false, reason: 'deleted', email: member.email };
  await clearAccountFailures(db, keys);
  const token = await startSession(db, member.id, input.userAgent);
  return { ok: true, member, token };
}
