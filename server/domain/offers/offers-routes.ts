import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { offersEndpoints, type DiscountCode } from '../../../common/offers/discount-code';
import type { PaymentMethod } from '../../../common/payments/payment-methods';
import { ApiError } from '../../http/api-error';
import { route } from '../../http/endpoint-route';
import { findCode, usedBy, type DiscountCodeRow } from './discount-repository';

function presentCode(row: DiscountCodeRow, now: Date): DiscountCode {
  return {
    code: row.code,
    country: row.country,
    user_id: row.memberId,
    expires: row.expiresAt?.toISOString() ?? null,
    value_type: 'percentage',
    value_percentage: row.valuePercentageBp / 100,
    currency: row.currency,
    minimum_order_value: row.minimumOrderMinor,
    status: row.status as DiscountCode['status'],
    validity: row.validity as DiscountCode['validity'],
    expired: row.expiresAt !== null && row.expiresAt <= now,
    paymentmethods: (row.paymentMethods as PaymentMethod[] | null) ?? null,
    kind: 'code',
    server_time: now.toISOString(),
  };
}

/** Discount codes (spec 3, 5, 7): a member looks a code up before paying; the payment applies it again. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    offersEndpoints.discountCode,
    // Codes are guessable by trying: few lookups per minute and address.
    { schema: { tags: ['offers'], summary: 'A discount code by its text' }, config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const member = await request.requireMember();
      reply.header('cache-control', 'no-store');
      const text = request.query.code;
      if (!text) throw new ApiError(404, 'errors.codeNotFound', {}, 'code');
      const row = await findCode(app.database.db, request.visitor.site.row.id, text);
      // Someone else's personal code, or a disabled one, is not found: no probing.
      if (!row || row.status !== 'active' || (row.memberId !== null && row.memberId !== member.id)) throw new ApiError(404, 'errors.codeNotFound', {}, 'code');
      if (row.validity === 'once-per-user' && (await usedBy(app.database.db, row.id, member.id))) throw new ApiError(409, 'errors.codeUsed', {}, 'code');
      return presentCode(row, new Date());
    },
  );
};
