import type { FastifyRequest } from 'fastify';
import { isValidNewEmail, mailChangeConfirmSchema, mailChangeRequestSchema } from '../../../common/account/mail-change';
import { EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY } from '../../../common/limits';
import { FALLBACK_LOCALE, isLocale } from '../../../common/reference/countries';
import { ApiError } from '../../http/api-error';
import { mailChangeConfirmMail, mailChangeNoticeMail } from '../../mail/mail-change-mail';
import { takeAddressQuota } from '../auth/address-quota-repository';
import { siteOrigin } from '../sites/site-origin';
import { confirmCurrentPassword } from '../auth/current-password';
import { applyMailChange, issueMailChange } from './mail-change';
import { emailTakenByOther } from './settings-repository';

/**
 * Step one of an e-mail change: the current password confirms it is the member, then a
 * link goes to the new address (proving it is theirs) and a notice to the old one (so a
 * hijacked session cannot move the account away unnoticed). Throws ApiError.
 */
export async function requestMailChange(request: FastifyRequest, raw: unknown): Promise<{ email: string; expiresAt: Date }> {
  const member = await request.requireMember();
  const parsed = mailChangeRequestSchema.safeParse(raw);
  if (!parsed.success || !isValidNewEmail(parsed.data.email)) throw new ApiError(400, 'settings:errors.emailInvalid');
  const { email, password } = parsed.data;
  await confirmCurrentPassword(request, member, password, 'settings:errors.currentPassword');
  const app = request.server;
  const site = request.visitor.site;
  // Checked after the password, so the question "has this address an account?" needs it, and
  // counted with signup's lookups of the address, so many accounts cannot ask it in bulk either.
  if (!(await takeAddressQuota(app.database.db, 'signup', site.row.id, email, EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY))) throw new ApiError(429, 'signup:errors.addressTooMany');
  const taken = email.toLowerCase() === member.email.toLowerCase() || (await emailTakenByOther(app.database.db, site.row.id, email, member.id));
  if (taken) throw new ApiError(409, 'settings:errors.emailTaken');
  const issued = await issueMailChange(app.database.db, { memberId: member.id, newEmail: email });
  if (!issued.ok) throw new ApiError(429, 'settings:errors.mailChangeTooMany');

  const locale = isLocale(member.language) ? member.language : FALLBACK_LOCALE;
  const t = app.translations.t(locale);
  const link = `${siteOrigin(request)}/mail-change/do?token=${encodeURIComponent(issued.link.token)}`;
  await app.mailer.send(mailChangeConfirmMail({ site, t, locale, to: email, name: member.name, link }));
  await app.mailer.send(mailChangeNoticeMail({ site, t, locale, to: member.email, name: member.name, newEmail: email }));
  return { email, expiresAt: issued.link.expiresAt };
}

/** Step two: the link from the mail. Needs no session (it may open in another browser). Throws ApiError. */
export async function confirmMailChange(request: FastifyRequest, raw: unknown): Promise<{ email: string }> {
  const parsed = mailChangeConfirmSchema.safeParse(raw);
  if (!parsed.success || parsed.data.token.length === 0) throw new ApiError(400, 'settings:errors.mailChangeLinkInvalid');
  const outcome = await applyMailChange(request.server.database.db, { siteId: request.visitor.site.row.id, token: parsed.data.token });
  if (!outcome.ok) throw outcome.reason === 'taken' ? new ApiError(409, 'settings:errors.emailTaken') : new ApiError(400, 'settings:errors.mailChangeLinkInvalid');
  return { email: outcome.newEmail };
}
