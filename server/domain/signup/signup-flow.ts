import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVATION_MAILS_PER_ADDRESS_PER_DAY, AUTH_SESSION_COOKIE, EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY } from '../../../common/limits';
import { FALLBACK_LOCALE, isLocale } from '../../../common/reference/countries';
import { signupProblems, type SignupInput } from '../../../common/signup/signup-rules';
import { ApiError } from '../../http/api-error';
import { activationMail } from '../../mail/activation-mail';
import { takeAddressQuota } from '../auth/address-quota-repository';
import { endSession, startSession } from '../auth/sessions';
import { publishEvents, type MemberEventBus } from '../member-events/publish-events';
import type { MemberRow } from '../members/account-repository';
import { findRegion } from '../reference/regions';
import { siteOrigin } from '../sites/site-origin';
import { visitTracking } from '../visits/visit-cookie';
import { hasTracking } from '../../../common/marketing/tracking';
import { createAccount, ACTIVATION_LINK_DAYS } from './signup-service';

/**
 * Whether this visitor may sign up on this site (spec sections 4 and 6): "all" lets anyone
 * in; "with_trafficsource" only visitors who arrived through a tracked marketing link (their
 * invite); anything else only... nobody until invitations exist.
 */
export function signupAllowed(signups: string, tracking: Record<string, string>): boolean {
  if (signups === 'all') return true;
  if (signups === 'with_trafficsource') return hasTracking(tracking);
  return false;
}

/**
 * Signs a visitor up: the site's rules, every validation message of spec section 5, the
 * account, the first message, a session, and the activation mail. Throws ApiError.
 */
export async function signUp(request: FastifyRequest, reply: FastifyReply, input: SignupInput, bus: MemberEventBus): Promise<MemberRow> {
  const app = request.server;
  const site = request.visitor.site;
  const settings = site.row.settings;
  const tracking = visitTracking(request);
  if (!signupAllowed(settings.signups, tracking)) throw new ApiError(403, 'signup:errors.inviteOnly');

  const [problem] = signupProblems(input, settings.min_age, new Date());
  if (problem) throw new ApiError(400, `signup:${problem.key}`, problem.vars ?? {}, problem.field);
  if (!settings.countries.includes(input.country)) throw new ApiError(400, 'signup:errors.country', {}, 'country');
  if (input.region && !findRegion(input.country, input.region)) throw new ApiError(400, 'signup:errors.region', {}, 'region');
  if (input.signup_message && input.signup_message.text.length > settings.message_length) {
    throw new ApiError(400, 'signup:errors.messageTooLong', { max: settings.message_length }, 'signup_message');
  }

  // 'An account with this e-mail address already exists' (spec 5) tells membership: a daily
  // cap per address looked up keeps that from being asked in bulk from many client addresses.
  if (!(await takeAddressQuota(app.database.db, 'signup', site.row.id, input.email, EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY))) throw new ApiError(429, 'signup:errors.addressTooMany', {}, 'email');
  const result = await createAccount(app.database.db, {
    ...input,
    siteId: site.row.id,
    language: request.visitor.locale,
    tracking,
    signupCredits: settings.signup_credits,
  });
  if (!result.ok) {
    if (result.reason === 'recipientUnavailable') throw new ApiError(404, 'signup:errors.recipientUnavailable', {}, 'signup_message');
    throw new ApiError(409, result.reason === 'deleted' ? 'signup:errors.accountDeleted' : 'signup:errors.accountExists', {}, 'email');
  }

  // The step-0 message reaches the member written to at once.
  publishEvents(bus, result.events);
  const previous = request.cookies[AUTH_SESSION_COOKIE];
  if (previous) await endSession(app.database.db, previous);
  reply.setSessionCookie(await startSession(app.database.db, result.member.id, request.headers['user-agent'] ?? ''));
  try {
    // Counted against the address's daily activation mails like every other one; over the cap
    // the account stands and the member can ask again tomorrow.
    if (await takeActivationMailQuota(request, result.member.email)) await sendActivationMail(request, result.member, result.activationToken);
  } catch (error) {
    // The account exists; the member can ask for the mail again from the reminder.
    request.log.error({ err: error, memberId: result.member.id }, 'activation mail not sent');
  }
  return result.member;
}

/**
 * Whether `email` may receive one more activation mail today (counted now). The activation mail
 * goes to whatever address an unconfirmed account names, so without a cap per address many
 * throwaway accounts could relay it to someone else's inbox without end.
 */
export async function takeActivationMailQuota(request: FastifyRequest, email: string): Promise<boolean> {
  return takeAddressQuota(request.server.database.db, 'activation', request.visitor.site.row.id, email, ACTIVATION_MAILS_PER_ADDRESS_PER_DAY);
}

export async function sendActivationMail(request: FastifyRequest, member: Pick<MemberRow, 'email' | 'name' | 'language'>, token: string): Promise<void> {
  const app = request.server;
  const locale = isLocale(member.language) ? member.language : FALLBACK_LOCALE;
  const link = `${siteOrigin(request)}/activate/done?token=${encodeURIComponent(token)}`;
  await app.mailer.send(
    activationMail({ site: request.visitor.site, t: app.translations.t(locale), locale, to: member.email, name: member.name, link, days: ACTIVATION_LINK_DAYS }),
  );
}
