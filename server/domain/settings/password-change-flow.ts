import type { FastifyRequest } from 'fastify';
import { passwordChangeSchema } from '../../../common/account/password-change';
import { AUTH_SESSION_COOKIE, PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { ApiError } from '../../http/api-error';
import { hashPassword } from '../auth/password';
import { hashToken } from '../auth/sessions';
import { confirmCurrentPassword } from '../auth/current-password';
import { replacePassword } from './settings-repository';

/**
 * Changes the logged-in member's password (old, new, confirmation). The checks that need no
 * password come first, so a typo in the new password never counts as a failed attempt.
 * Other sessions end; the one that made the change stays. Throws ApiError.
 */
export async function changePassword(request: FastifyRequest, raw: unknown): Promise<void> {
  const member = await request.requireMember();
  const parsed = passwordChangeSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, 'errors.invalidInput');
  const input = parsed.data;
  if (input.password !== input.password_confirmation) throw new ApiError(400, 'errors.passwordsDiffer');
  if (input.password.length < PASSWORD_MIN_LENGTH) throw new ApiError(400, 'errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  await confirmCurrentPassword(request, member, input.old_password, 'settings:errors.oldPassword');
  const checkedHash = member.passwordHash ?? '';
  const token = request.cookies[AUTH_SESSION_COOKIE];
  const changed = await replacePassword(request.server.database.db, {
    memberId: member.id,
    expectedHash: checkedHash,
    newHash: await hashPassword(input.password),
    keepSessionHash: token ? hashToken(token) : null,
  });
  // The password changed in between (another tab): the old one typed here is no longer it.
  if (!changed) throw new ApiError(400, 'settings:errors.oldPassword');
}
