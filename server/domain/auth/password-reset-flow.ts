import type { FastifyRequest } from 'fastify';
import { isLocale, FALLBACK_LOCALE } from '../../../common/reference/countries';
import { EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY, PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { ApiError } from '../../http/api-error';
import { resetCompletionSchema, resetRequestSchema } from '../../../common/auth/user-schema';
import { passwordResetMail } from '../../mail/password-reset-mail';
import { siteOrigin } from '../sites/site-origin';
import { takeAddressQuota } from './address-quota-repository';
import { completePasswordReset, requestPasswordReset } from './password-reset';

/** Request a reset link by e-mail; the mail is in the member's own language. Throws ApiError. */
export async function sendPasswordResetLink(request: FastifyRequest, email: unknown): Promise<void> {
  const parsed = resetRequestSchema.safeParse({ email });
  if (!parsed.success) throw new ApiError(404, 'errors.emailNotFound');
  const app = request.server;
  const site = request.visitor.site;
  // The answer tells whether the address has an account (spec 8): a daily cap per address
  // looked up keeps that from being asked in bulk, however many client addresses ask.
  if (!(await takeAddressQuota(app.database.db, 'reset', site.row.id, parsed.data.email, EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY))) throw new ApiError(429, 'errors.resetTooMany');
  const result = await requestPasswordReset(app.database.db, site.row.id, parsed.data.email);
  if (!result.ok) throw result.reason === 'tooMany' ? new ApiError(429, 'errors.resetTooMany') : new ApiError(404, 'errors.emailNotFound');
  const locale = isLocale(result.member.language) ? result.member.language : FALLBACK_LOCALE;
  const link = `${siteOrigin(request)}/reset-password/do?token=${encodeURIComponent(result.token)}`;
  await app.mailer.send(passwordResetMail({ site, t: app.translations.t(locale), locale, to: result.member.email, name: result.member.name, link }));
}

/** Complete a reset: passwords must match, the link must be valid. Throws ApiError. */
export async function resetPassword(request: FastifyRequest, raw: { token: unknown; password: unknown; password_confirmation: unknown }): Promise<void> {
  const parsed = resetCompletionSchema.safeParse(raw);
  if (!parsed.success) {
    const badToken = parsed.error.issues.some((issue) => issue.path[0] === 'token');
    throw badToken ? new ApiError(400, 'errors.resetLinkInvalid') : new ApiError(400, 'errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  }
  const input = parsed.data;
  if (input.password !== input.password_confirmation) throw new ApiError(400, 'errors.passwordsDiffer');
  if (input.password.length < PASSWORD_MIN_LENGTH) throw new ApiError(400, 'errors.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  const ok = await completePasswordReset(request.server.database.db, request.visitor.site.row.id, input.token, input.password);
  if (!ok) throw new ApiError(400, 'errors.resetLinkInvalid');
}
