import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { testCheckoutEndpoints } from '../../../common/payments/test-checkout';
import { route } from '../../http/endpoint-route';
import { ApiError } from '../../http/api-error';
import type { TestProvider } from './providers/test-provider';

/**
 * The test provider's hosted checkout API (the page is /test-checkout/{id}). It stands for a
 * provider's own site: anyone with the unguessable id may act on it, as on a real checkout.
 */
export function testCheckoutRoutes(provider: TestProvider): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, testCheckoutEndpoints.get, { schema: { tags: ['test provider'], summary: 'A test payment as its checkout shows it' } }, async (request, reply) => {
      const checkout = await provider.checkout(request.query.id);
      if (!checkout) throw new ApiError(404, 'errors.paymentNotFound');
      reply.header('cache-control', 'no-store');
      return checkout;
    });

    route(
      app,
      testCheckoutEndpoints.act,
      { schema: { tags: ['test provider'], summary: "The payer's choice: complete, fail, cancel or leave pending" }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } },
      async (request) => {
        const returnUrl = await provider.act(request.body.id, request.body.outcome, request.body.store_card);
        if (!returnUrl) throw new ApiError(404, 'errors.paymentNotFound');
        return { return_url: returnUrl };
      },
    );
  };
}
