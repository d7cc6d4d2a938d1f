import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signupEndpoints } from '../../../common/signup/signup-endpoints';
import { route } from '../../http/endpoint-route';
import { emailProblems } from '../../../common/signup/signup-rules';
import { ApiError } from '../../http/api-error';
import { findMemberById } from '../members/account-repository';
import { presentUser } from '../current-user/current-user';
import { activateAccount, correctUnconfirmedEmail, newActivationLink } from './activation';
import { sendActivationMail, signUp, takeActivationMailQuota } from './signup-flow';
import { EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY } from '../../../common/limits';
import { takeAddressQuota } from '../auth/address-quota-repository';


export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  route(
    app,
    signupEndpoints.signup,
    {
      schema: { tags: ['signup'], summary: 'Create an account (logs in; the e-mail address is confirmed by link)' },
      config: { rateLimit: { max: app.config.SIGNUP_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const member = await signUp(request, reply, request.body, app.liveBus);
      return { user: await presentUser(db, member, request.visitor.site.row.settings.fictional_icon, app.photoUrls) };
    },
  );

  route(
    app,
    signupEndpoints.activate,
    {
      schema: { tags: ['signup'], summary: 'Confirm the e-mail address with the activation link' },
      // Each signup mails one link: twice the signups an address may make (20 a minute by default).
      config: { rateLimit: { max: 2 * app.config.SIGNUP_RATE_LIMIT_MAX, timeWindow: '1 minute' } },
    },
    async (request) => {
      const result = await activateAccount(db, request.visitor.site.row.id, request.body.token);
      if (!result.ok) throw new ApiError(400, 'signup:activation.failed');
      return { ok: true as const };
    },
  );

  route(
    app,
    signupEndpoints.activationMail,
    {
      schema: { tags: ['signup'], summary: 'Send the activation link again' },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request) => {
      const member = await request.requireMember();
      if (member.status !== 'not_confirmed') throw new ApiError(409, 'signup:errors.alreadyConfirmed');
      if (!(await takeActivationMailQuota(request, member.email))) throw new ApiError(429, 'signup:errors.activationTooMany');
      const result = await newActivationLink(db, member.id);
      if (!result.ok) throw result.reason === 'tooMany' ? new ApiError(429, 'signup:errors.activationTooMany') : new ApiError(409, 'signup:errors.alreadyConfirmed');
      await sendActivationMail(request, member, result.token);
      return { ok: true as const };
    },
  );

  route(
    app,
    signupEndpoints.correctEmail,
    {
      schema: { tags: ['signup'], summary: 'Correct the e-mail address before it is confirmed' },
      config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
    },
    async (request) => {
      const member = await request.requireMember();
      const [problem] = emailProblems(request.body.email);
      if (problem) throw new ApiError(400, `signup:${problem.key}`, problem.vars ?? {}, 'email');
      if (member.status !== 'not_confirmed') throw new ApiError(409, 'signup:errors.alreadyConfirmed');
      // Its 'already exists' answer tells membership, and it re-targets the activation mail:
      // both are capped per address and day, checked before anything changes.
      const siteId = request.visitor.site.row.id;
      if (!(await takeAddressQuota(db, 'signup', siteId, request.body.email, EMAIL_LOOKUPS_PER_ADDRESS_PER_DAY))) throw new ApiError(429, 'signup:errors.addressTooMany', {}, 'email');
      if (!(await takeActivationMailQuota(request, request.body.email))) throw new ApiError(429, 'signup:errors.activationTooMany');
      const result = await correctUnconfirmedEmail(db, member.id, member.siteId, request.body.email);
      if (!result.ok) {
        if (result.reason === 'exists') throw new ApiError(409, 'signup:errors.accountExists', {}, 'email');
        throw result.reason === 'tooMany' ? new ApiError(429, 'signup:errors.activationTooMany') : new ApiError(409, 'signup:errors.alreadyConfirmed');
      }
      const updated = (await findMemberById(db, member.id))!;
      await sendActivationMail(request, updated, result.token);
      return { user: await presentUser(db, updated, request.visitor.site.row.settings.fictional_icon, app.photoUrls) };
    },
  );
};
