import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../http/api-error';
import type { MemberRow } from '../members/account-repository';
import { accountKey, blockedMinutes, ipKey, recordFailure } from '../auth/login-throttle';
import { verifyPassword } from '../auth/password';

/**
 * Checks the password a logged-in member typed to confirm a sensitive change. A wrong one
 * counts as a failed login for the account and the address: someone holding a stolen
 * session cannot guess the password here faster than on the login page (and the account
 * gets the same temporary block). Throws ApiError with `wrongKey` as the message.
 */
export async function checkCurrentPassword(request: FastifyRequest, member: MemberRow, password: string, wrongKey: string): Promise<string> {
  const db = request.server.database.db;
  const keys = { account: accountKey(member.siteId, member.email), ip: ipKey(request.ip) };
  const blocked = await blockedMinutes(db, [keys.account, keys.ip]);
  if (blocked > 0) throw new ApiError(429, 'errors.accountBlocked', { minutes: blocked });
  if (member.passwordHash && password && (await verifyPassword(member.passwordHash, password))) return member.passwordHash;
  const minutes = await recordFailure(db, keys);
  if (minutes > 0) throw new ApiError(429, 'errors.accountBlocked', { minutes });
  throw new ApiError(400, wrongKey);
}
