import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsEndpoints } from '../../../common/payments/payments-endpoints';
import { route } from '../../http/endpoint-route';
import { memberOrAddressKey } from '../../http/rate-limit-key';
import { siteOrigin } from '../sites/site-origin';
import { creditsPage, paymentCountry, paymentMethods, pricing, transactionDetail, transactions } from './payment-catalog';
import { countryEvidence, evidencedCountries, memberPaymentCountry } from './payment-country';
import type { Payer } from './payment-service';
import { WebhookRejected } from './providers/payment-provider';

// Starting a payment reaches a provider: a few per minute is plenty for a person, counted per
// member (members behind one carrier's or office's address do not share a budget).
const starts = { rateLimit: { max: 20, timeWindow: '1 minute', keyGenerator: async (request: FastifyRequest) => `payment-start:${await memberOrAddressKey(request)}` } };
// The result page polls every 2 seconds; several tabs may poll at once.
const polls = { rateLimit: { max: 120, timeWindow: '1 minute' } };

const webhookQuerySchema = z.object({ provider: z.enum(['test', 'mollie', 'adyen']) });

/** The member paying, with the evidence of where they are (a query: only the routes that price or start a payment ask). */
async function payerOf(request: FastifyRequest): Promise<Payer> {
  const member = await request.requireMember();
  const evidence = await countryEvidence(request.server.database.db, request, member);
  return { id: member.id, language: member.language, paidUser: member.paidUser, evidence };
}

/** Credits, payments, transactions and the providers' webhooks (spec sections 2-5, 8). */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const service = app.payments;
  // Providers deliver in bursts from few addresses (and retry what we refuse): far above a person's limit.
  const webhooks = { rateLimit: { max: Math.max(3000, app.config.RATE_LIMIT_MAX * 5), timeWindow: '1 minute' }, webhook: true };
  const countryOf = (request: FastifyRequest, asked: string | undefined) => paymentCountry(request.visitor.site, asked, request.visitor.country);

  route(app, paymentsEndpoints.pricing, { schema: { tags: ['payments'], summary: 'The public price list of a payment country' } }, async (request) =>
    pricing(db, request.visitor.site, countryOf(request, request.query.country)),
  );

  route(app, paymentsEndpoints.credits, { schema: { tags: ['payments'], summary: "Bundles, the member's balance and last order" } }, async (request, reply) => {
    const payer = await payerOf(request);
    reply.header('cache-control', 'no-store');
    const site = request.visitor.site;
    const page = await creditsPage(db, app.paymentRouting, site, payer.id, payer.paidUser, memberPaymentCountry(site, payer.evidence, request.query.country));
    // A member pays in a country their evidence supports (VAT, country-locked codes), not one they pick.
    return { ...page, countries: evidencedCountries(site, payer.evidence) };
  });

  route(app, paymentsEndpoints.methods, { schema: { tags: ['payments'], summary: 'How a bundle can be paid in a payment country, the last used method first' } }, async (request, reply) => {
    const payer = await payerOf(request);
    reply.header('cache-control', 'no-store');
    const site = request.visitor.site;
    const methods = await paymentMethods(db, app.paymentRouting, site, payer.id, memberPaymentCountry(site, payer.evidence, request.query.country), request.query.bundle);
    return { ...methods, countries: evidencedCountries(site, payer.evidence) };
  });

  route(app, paymentsEndpoints.start, { schema: { tags: ['payments'], summary: 'Start paying a bundle (one payment per idempotency key)' }, config: starts }, async (request) => {
    const payer = await payerOf(request);
    const { bundle, method, country, idempotency_key, code } = request.body;
    return service.start(request.visitor.site, payer, { bundle, method, country, idempotencyKey: idempotency_key, code, locale: request.visitor.locale }, { origin: siteOrigin(request) });
  });

  route(app, paymentsEndpoints.state, { schema: { tags: ['payments'], summary: "A payment's state, polled until it settles" }, config: polls }, async (request, reply) => {
    const member = await request.requireMember();
    reply.header('cache-control', 'no-store');
    return service.state(member.id, request.query.id);
  });

  route(app, paymentsEndpoints.repeatOrder, { schema: { tags: ['payments'], summary: 'The last bundle again with the last method' }, config: starts }, async (request) => {
    const payer = await payerOf(request);
    return service.repeat(request.visitor.site, payer, request.body.idempotency_key, { origin: siteOrigin(request) });
  });

  route(app, paymentsEndpoints.transactions, { schema: { tags: ['payments'], summary: "The member's payments, newest first" } }, async (request, reply) => {
    const member = await request.requireMember();
    reply.header('cache-control', 'no-store');
    return transactions(db, member.id, request.query.before);
  });

  route(app, paymentsEndpoints.transaction, { schema: { tags: ['payments'], summary: 'One payment with its invoice' } }, async (request, reply) => {
    const member = await request.requireMember();
    reply.header('cache-control', 'no-store');
    return transactionDetail(db, request.visitor.site, request.visitor.locale, member.id, request.query.id);
  });

  // Mollie and the test provider post form fields (id=...); Adyen posts JSON.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
  app.post(
    '/api/payment-webhook.php',
    { schema: { tags: ['payments'], summary: 'Status reports of the payment providers', querystring: webhookQuerySchema }, config: webhooks },
    async (request, reply) => {
      try {
        // The host names no site here: each payment is settled by its own site's provider.
        const answer = await service.webhook(request.query.provider, { headers: request.headers, body: request.body });
        return reply.type('text/plain').send(answer ?? 'OK');
      } catch (error) {
        if (error instanceof WebhookRejected) return reply.code(401).type('text/plain').send('rejected');
        throw error;
      }
    },
  );
};
