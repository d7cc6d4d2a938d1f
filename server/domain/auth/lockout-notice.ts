import type { FastifyRequest } from 'fastify';
import { LOGIN_BLOCK_MINUTES } from '../../../common/limits';
import { FALLBACK_LOCALE, isLocale } from '../../../common/reference/countries';
import { lockoutMail } from '../../mail/lockout-mail';
import type { MemberRow } from '../members/account-repository';
import { siteOrigin } from '../sites/site-origin';
import { accountKey, claimLockoutNotice } from './login-throttle-repository';

/**
 * Tells the owner that sign-in to their account was just blocked (someone is guessing, or they
 * forgot the password), at most once per block period, with a link to choose a new password.
 * A failed mail is logged: the refusal of the attempt stands either way.
 */
export async function noticeLockout(request: FastifyRequest, member: MemberRow): Promise<void> {
  const app = request.server;
  try {
    if (!(await claimLockoutNotice(app.database.db, accountKey(member.siteId, member.email)))) return;
    const locale = isLocale(member.language) ? member.language : FALLBACK_LOCALE;
    const link = `${siteOrigin(request)}/reset-password`;
    await app.mailer.send(lockoutMail({ site: request.visitor.site, t: app.translations.t(locale), locale, to: member.email, name: member.name, minutes: LOGIN_BLOCK_MINUTES, link }));
  } catch (error) {
    request.log.error({ err: error, memberId: member.id }, 'lockout notice not sent');
  }
}
