import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import type { MemberRow } from '../members/account-repository';
import { noticeLockout } from './lockout-notice';
import { blockedMinutes, recordFailure, throttleKeys } from './login-throttle-repository';
import { verifyPassword } from './password';

export type PasswordCheck =
  | { ok: true }
  | { ok: false; reason: 'wrongPassword' }
  /** `lockedOut`: this wrong password started a block of the account (the owner is to be told). */
  | { ok: false; reason: 'blocked'; minutes: number; lockedOut: boolean };

/**
 * The member's current password, asked again before what a session left open on a shared
 * device must not do alone (change the password or e-mail, delete the account, export its
 * data). A wrong one counts as a failed login for the account and the address, so a stolen
 * session cannot guess here faster than on the login page. Checked outside any transaction:
 * argon2 takes a while and must not hold a connection.
 */
export async function checkCurrentPassword(db: Db, member: MemberRow, input: { password: string; ip: string; now?: Date }): Promise<PasswordCheck> {
  const now = input.now ?? new Date();
  const keys = throttleKeys(member.siteId, member.email, input.ip);
  const blocked = await blockedMinutes(db, keys, now);
  if (blocked > 0) return { ok: false, reason: 'blocked', minutes: blocked, lockedOut: false };
  if (member.passwordHash && input.password && (await verifyPassword(member.passwordHash, input.password))) return { ok: true };
  const { minutes, accountBlocked } = await recordFailure(db, keys, now);
  return minutes > 0 ? { ok: false, reason: 'blocked', minutes, lockedOut: accountBlocked } : { ok: false, reason: 'wrongPassword' };
}

/** The same check for a request: a wrong password throws `wrongKey` (400), a block 429 (the owner mailed when it starts). */
export async function confirmCurrentPassword(request: FastifyRequest, member: MemberRow, password: string, wrongKey: string, field?: string): Promise<void> {
  const check = await checkCurrentPassword(request.server.database.db, member, { password, ip: request.ip });
  if (check.ok) return;
  if (check.reason === 'blocked') {
    if (check.lockedOut) await noticeLockout(request, member);
    throw new ApiError(429, 'errors.accountBlocked', { minutes: check.minutes });
  }
  throw new ApiError(400, wrongKey, {}, field);
}
