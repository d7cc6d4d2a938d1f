import type { FastifyReply, FastifyRequest } from 'fastify';
import { credentialsSchema } from '../../../common/auth/user-schema';
import { AUTH_SESSION_COOKIE, REACTIVATION_DAYS } from '../../../common/limits';
import { ApiError } from '../../http/api-error';
import type { MemberRow } from '../members/account-repository';
import { login } from './auth-service';
import { noticeLockout } from './lockout-notice';
import { endSession } from './sessions';

/**
 * Logs in with credentials from the API or the login page's form: the same checks, the same
 * messages, and the session that came with the request replaced by the new one (no
 * fixation). Throws ApiError; sets the session cookie on success.
 */
export async function logInWithCredentials(request: FastifyRequest, reply: FastifyReply, input: { email: unknown; password: unknown }): Promise<MemberRow> {
  const parsed = credentialsSchema.safeParse(input);
  if (!parsed.success) throw new ApiError(400, 'errors.loginFailed');
  const db = request.server.database.db;
  const result = await login(db, {
    siteId: request.visitor.site.row.id,
    ...parsed.data,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? '',
  });
  if (!result.ok) {
    if (result.reason === 'blocked' && result.lockedOut) await noticeLockout(request, result.lockedOut);
    if (result.reason === 'deleted') throw new ApiError(401, 'account:errors.accountDeleted', { email: result.email, days: REACTIVATION_DAYS }, 'email');
    throw result.reason === 'blocked' ? new ApiError(429, 'errors.accountBlocked', { minutes: result.minutes }) : new ApiError(401, 'errors.loginFailed');
  }
  const previous = request.cookies[AUTH_SESSION_COOKIE];
  if (previous) await endSession(db, previous);
  reply.setSessionCookie(result.token);
  return result.member;
}
