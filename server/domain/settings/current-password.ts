import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import type { MemberRow } from '../members/account-repository';
import { blockedMinutes, recordFailure, throttleKeys } from '../auth/login-throttle';
import { noticeLockout } from '../auth/lockout-notice';
import { verifyPassword } from '../auth/password';

/**
 * Checks the password a logged-in member typed to confirm a sensitive change. A wrong one
 * counts as a failed login for the account and the address: someone holding a stolen
 * session cannot guess the password here faster than on the login page (and the account
 * gets the same temporary block). Throws ApiError with `wrongKey` as the message.
 */
export async function checkCurrentPassword(request: FastifyRequest, member: MemberRow, password: string, wrongKey: string): Promise<string> {
  const db = request.server.database.db;
  const keys = throttleKeys(member.siteId, member.email, request.ip);
  const blocked = await blockedMinutes(db, keys);
  if (blocked > 0) throw new ApiError(429, 'errors.accountBlocked', { minutes: blocked });
  if (member.passwordHash && password && (await verifyPassword(member.passwordHash, password))) return member.passwordHash;
  const { minutes, accountBlocked } = await recordFailure(db, keys);
  if (accountBlocked) await noticeLockout(request, member);
  if (minutes > 0) throw new ApiError(429, 'errors.accountBlocked', { minutes });
  throw new ApiError(400, wrongKey);
}
