import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authEndpoints } from '../../../common/auth/auth-endpoints';
import { AUTH_SESSION_COOKIE } from '../../../common/limits';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S } from '../../../common/i18n/locale-resolution';
import { isHttps } from '../../http/https';
import { route } from '../../http/endpoint-route';
import { updateMemberLanguage } from '../members/account-repository';
import { presentUser } from '../current-user/current-user';
import { logInWithCredentials } from './login-flow';
import { endSession } from './sessions';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const userOf = (member: Parameters<typeof presentUser>[1], fictionalIcon: string) => presentUser(db, member, fictionalIcon, app.photoUrls);

  // POST /api/user.php?push=1 (save a push subscription) is a separate route, told apart by a
  // router constraint on the query: server/http/push-query-constraint.ts.
  route(
    app,
    authEndpoints.login,
    {
      schema: { tags: ['auth'], summary: 'Log in' },
      // Password guessing is also held back per account and address by the login throttle.
      config: { rateLimit: { max: app.config.LOGIN_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const member = await logInWithCredentials(request, reply, request.body);
      return { user: await userOf(member, request.visitor.site.row.settings.fictional_icon) };
    },
  );

  route(
    app,
    authEndpoints.currentUser,
    { schema: { tags: ['auth'], summary: 'The logged-in member, or null' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const member = await request.currentMember();
      return { user: member ? await userOf(member, request.visitor.site.row.settings.fictional_icon) : null };
    },
  );

  route(
    app,
    authEndpoints.saveLanguage,
    { schema: { tags: ['auth'], summary: "Save the member's interface language" } },
    async (request, reply) => {
      const member = await request.requireMember();
      await updateMemberLanguage(db, member.id, request.body.language);
      reply.setCookie(LOCALE_COOKIE, request.body.language, { path: '/', maxAge: LOCALE_COOKIE_MAX_AGE_S, sameSite: 'lax', secure: isHttps(request) });
      return { user: await userOf({ ...member, language: request.body.language }, request.visitor.site.row.settings.fictional_icon) };
    },
  );

  route(
    app,
    authEndpoints.logout,
    // A GET that ends a session: a link on another site must not log members out (csrf-guard.ts).
    { schema: { tags: ['auth'], summary: 'Log out: ends the session on the server' }, config: { getWrites: true } },
    async (request, reply) => {
      const token = request.cookies[AUTH_SESSION_COOKIE];
      if (token) await endSession(db, token);
      reply.clearSessionCookie();
      reply.header('cache-control', 'no-store');
      return { user: null };
    },
  );
};
