import type { FastifyReply, FastifyRequest } from 'fastify';
import { reactivationPath } from '../../../common/account-deletion/account-deletion-rules';
import type { DeleteAccountInput } from '../../../common/account-deletion/account-deletion-schema';
import { AUTH_SESSION_COOKIE, REACTIVATION_DAYS } from '../../../common/limits';
import { FALLBACK_LOCALE, isLocale } from '../../../common/reference/countries';
import { ApiError } from '../../http/api-error';
import { reactivationMail } from '../../mail/reactivation-mail';
import { noticeLockout } from '../auth/lockout-notice';
import { endSession, startSession } from '../auth/sessions';
import type { MemberRow } from '../members/account-repository';
import { siteOrigin } from '../sites/site-origin';
import { requestAccountDeletion } from './account-deletion';
import { recordDeletionFeedback } from './account-deletion-repository';
import { reactivateAccount, requestReactivationLink } from './reactivation';

const DAY_MS = 24 * 60 * 60 * 1000;

/** POST /api/delete-account.php for the logged-in member. Throws ApiError. */
export async function deleteAccount(request: FastifyRequest, reply: FastifyReply, input: DeleteAccountInput): Promise<void> {
  const member = await request.requireMember();
  const db = request.server.database.db;
  const result = await requestAccountDeletion(db, member, { password: input.password, ip: request.ip });
  if (!result.ok) {
    if (result.reason === 'blocked') {
      if (result.lockedOut) await noticeLockout(request, member);
      throw new ApiError(429, 'errors.accountBlocked', { minutes: result.minutes });
    }
    if (result.reason === 'wrongPassword') throw new ApiError(400, 'account:errors.wrongPassword');
    // Deleted by a parallel request a moment ago: this session no longer exists either.
    throw new ApiError(403, 'errors.authRequired');
  }
  reply.clearSessionCookie();
  // Listings are cached: the member leaves them now, not when the caches expire.
  request.server.listings.changed(member.siteId);
  // Why members leave, for the product, without who: no member id, no address.
  if (input.reason || input.reason_text) {
    await recordDeletionFeedback(db, member.siteId, input.reason ?? 'unspecified', input.reason_text ?? '');
  }
  try {
    await sendReactivationMail(request, member, result.token, new Date(result.deletedAt.getTime() + REACTIVATION_DAYS * DAY_MS));
  } catch (error) {
    // The deletion stands; the member can have the link sent again from /account-deleted.
    request.log.error({ err: error }, 'reactivation mail failed');
  }
}

/**
 * POST /api/reactivate.php: mails a new link when the address belongs to a deleted account
 * of this site (and today's limit allows). Resolves the same way in every case, so the
 * answer does not tell whether an account exists.
 */
export async function resendReactivationLink(request: FastifyRequest, email: string): Promise<void> {
  const link = await requestReactivationLink(request.server.database.db, request.visitor.site.row.id, email);
  if (!link?.member.deletionRequestedAt) return;
  await sendReactivationMail(request, link.member, link.token, new Date(link.member.deletionRequestedAt.getTime() + REACTIVATION_DAYS * DAY_MS));
}

/** POST /api/reactivate-do.php: reactivates and logs in (a new session). Throws ApiError. */
export async function reactivate(request: FastifyRequest, reply: FastifyReply, token: string): Promise<MemberRow> {
  const db = request.server.database.db;
  const member = await reactivateAccount(db, request.visitor.site.row.id, token);
  if (!member) throw new ApiError(400, 'account:errors.reactivationLinkInvalid');
  request.server.listings.changed(member.siteId);
  // Whoever else was logged in on this browser is replaced, as at login (no fixation).
  const previous = request.cookies[AUTH_SESSION_COOKIE];
  if (previous) await endSession(db, previous);
  reply.setSessionCookie(await startSession(db, member.id, request.headers['user-agent'] ?? ''));
  return member;
}

async function sendReactivationMail(request: FastifyRequest, member: MemberRow, token: string, purgeAt: Date): Promise<void> {
  const app = request.server;
  const locale = isLocale(member.language) ? member.language : FALLBACK_LOCALE;
  const link = `${siteOrigin(request)}${reactivationPath(token)}`;
  await app.mailer.send(reactivationMail({ site: request.visitor.site, t: app.translations.t(locale), locale, to: member.email, name: member.name, link, purgeAt }));
}
