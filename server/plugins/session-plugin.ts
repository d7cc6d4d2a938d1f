import fp from 'fastify-plugin';
import { AUTH_COOKIE_MAX_AGE_S, AUTH_SESSION_COOKIE } from '../../common/limits';
import { ApiError } from '../http/api-error';
import { isHttps } from '../http/https';
import { findMemberById, recordActivity, type MemberRow } from '../domain/members/account-repository';
import { resolveSession } from '../domain/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member of this site, or null; resolved once per request. */
    currentMember(): Promise<MemberRow | null>;
    /** The logged-in member, or a 403 'authentication required' (spec section 8). */
    requireMember(): Promise<MemberRow>;
  }
  interface FastifyReply {
    setSessionCookie(token: string): void;
    clearSessionCookie(): void;
  }
}

const MEMBER = Symbol('member');
/** A member's last_active_at (search order "recently active first") moves at most this often. */
export const ACTIVITY_EVERY_MS = 5 * 60 * 1000;
const LOGGED_OUT_STATUSES = new Set(['pending_deletion', 'disabled']);

export const sessionPlugin = fp(
  async (app) => {
    app.decorateRequest('currentMember', function currentMember() {
      const self = this as unknown as { [MEMBER]?: Promise<MemberRow | null> };
      self[MEMBER] ??= (async () => {
        const token = this.cookies[AUTH_SESSION_COOKIE];
        if (!token) return null;
        const memberId = await resolveSession(app.database.db, token, app.config.SESSION_IDLE_HOURS);
        if (memberId === null) return null;
        const member = await findMemberById(app.database.db, memberId);
        // A session belongs to the site it was made on; a deleted or disabled account has none.
        if (!member || member.siteId !== this.visitor.site.row.id || LOGGED_OUT_STATUSES.has(member.status)) return null;
        const now = new Date();
        if (now.getTime() - member.lastActiveAt.getTime() > ACTIVITY_EVERY_MS) {
          await recordActivity(app.database.db, member.id, now, ACTIVITY_EVERY_MS);
          member.lastActiveAt = now;
        }
        return member;
      })();
      return self[MEMBER];
    });
    app.decorateRequest('requireMember', async function requireMember() {
      const member = await this.currentMember();
      if (!member) throw new ApiError(403, 'errors.authRequired');
      return member;
    });
    app.decorateReply('setSessionCookie', function setSessionCookie(token: string) {
      this.setCookie(AUTH_SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: isHttps(this.request),
        maxAge: AUTH_COOKIE_MAX_AGE_S,
      });
    });
    app.decorateReply('clearSessionCookie', function clearSessionCookie() {
      this.clearCookie(AUTH_SESSION_COOKIE, { path: '/' });
    });
  },
  { name: 'session', dependencies: ['visitor'] },
);
