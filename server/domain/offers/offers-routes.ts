import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offersEndpoints } from '../../../common/offers/discount-code';
import { ApiError } from '../../http/api-error';
import { route } from '../../http/endpoint-route';
import { memberOrAddressKey } from '../../http/rate-limit-key';
import { findCode, offerMember, type OfferMember } from './discount-repository';
import { presentCode, stayOffer, termsFor, usedUp, welcomeOffer } from './member-offers';

const notFound = () => new ApiError(404, 'errors.codeNotFound', {}, 'code');

/** Discount codes (spec 3, 5, 7): a member looks a code up before paying; the payment applies it again. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const memberOf = async (memberId: number): Promise<OfferMember> => {
    const member = await offerMember(db, memberId);
    if (!member) throw new ApiError(403, 'errors.authRequired');
    return member;
  };

  route(
    app,
    offersEndpoints.discountCode,
    // Codes are guessable by trying: few lookups per minute and member (the credits pages look one
    // up per view; members behind one address, a carrier's or an office's, must not share a budget).
    {
      schema: { tags: ['offers'], summary: "A discount code by its text, or the member's welcome offer" },
      config: { rateLimit: { max: Math.max(30, Math.floor(app.config.RATE_LIMIT_MAX / 20)), timeWindow: '1 minute', keyGenerator: async (request) => `discountcode:${await memberOrAddressKey(request)}` } },
    },
    async (request, reply) => {
      const member = await memberOf((await request.requireMember()).id);
      reply.header('cache-control', 'no-store');
      const now = new Date();
      if (request.query.welcome === 'true') {
        const offer = await welcomeOffer(db, member, now);
        if (!offer) throw notFound();
        return offer;
      }
      const text = request.query.code;
      if (!text) throw notFound();
      const row = await findCode(db, request.visitor.site.row.id, text);
      const terms = row && termsFor(row, member, now);
      // Someone else's personal code, a disabled one, an offer that ended with the first payment or WELCOME25 during the time bonus: not found (no probing).
      if (!row || !terms || terms.status !== 'active' || (terms.memberId !== null && terms.memberId !== member.id)) throw notFound();
      if (await usedUp(db, row, member.id)) throw new ApiError(409, 'errors.codeUsed', {}, 'code');
      // An expired code (the time bonus after the member's first 4 hours) answers with expired: true; the payment refuses it.
      return presentCode(row, terms, now);
    },
  );

  route(
    app,
    offersEndpoints.claimOffer,
    { schema: { tags: ['offers'], summary: "Accept the delete-account offer: the member's personal code, made once" }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const member = await memberOf((await request.requireMember()).id);
      const percent = request.visitor.site.company.deleteDiscount;
      if (percent <= 0) throw notFound();
      const offer = await stayOffer(db, member, percent, new Date());
      if (!offer) throw notFound();
      return offer;
    },
  );
};
