import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { directDebitEndpoints } from '../../../common/direct-debit/direct-debit-endpoints';
import { presentAccount } from './direct-debit-account';
import { FALLBACK_LOCALE, isLocale } from '../../../common/reference/countries';
import { route } from '../../http/endpoint-route';
import { memberOrAddressKey } from '../../http/rate-limit-key';
import { createSmsSender } from '../../sms/sms-sender';
import { creditBalance } from '../credits/credits-repository';
import { publishEvents } from '../member-events/publish-events';
import { findAccount, isBlocked } from './direct-debit-repository';
import { confirmCode, directDebitBundle, savedDebtor, sendCode, type DirectDebitDeps, type Payer } from './direct-debit-service';
import { hasConfirmedEmail } from '../members/account-repository';
import type { FieldCipher } from './field-cipher';
import { countryEvidence } from '../payments/payment-country';
import { directDebitPrice, isDiscountError, type DirectDebitPrice } from './direct-debit-discount';
import { discountDetails } from '../offers/code-redemption';

export interface DirectDebitRoutesOptions {
  /** Encrypts and hashes the stored bank data: new FieldCipher(dataKeysOf(secrets)). */
  cipher: FieldCipher;
}

/**
 * /directdebit's API (spec sections 5 and 8). Sending a code and entering one are limited per
 * client address (the route's limit) and per member (a second limiter, and codes per hour in
 * the service); an IBAN never leaves in an answer, only its mask.
 */
export const directDebitRoutes: FastifyPluginAsyncZod<DirectDebitRoutesOptions> = async (app, options) => {
  const { config } = app;
  const deps: DirectDebitDeps = {
    db: app.database.db,
    cipher: options.cipher,
    sms: createSmsSender({
      twilio: config.TWILIO_ACCOUNT_SID
        ? {
            accountSid: config.TWILIO_ACCOUNT_SID,
            authToken: config.TWILIO_AUTH_TOKEN!,
            from: config.TWILIO_FROM!,
            apiBase: config.TWILIO_API_BASE,
          }
        : undefined,
      outboxDir: path.join(config.DATA_DIR, 'sms-outbox'),
    }),
    smsText: (locale, vars) => app.translations.t(isLocale(locale) ? locale : FALLBACK_LOCALE)('sms:directDebitCode', vars),
    log: app.log,
  };
  const perMember = (name: string, max: number) =>
    app.rateLimit({
      max,
      timeWindow: '10 minutes',
      keyGenerator: async (request) => `${name}:${await memberOrAddressKey(request)}`,
    });
  const payer = async (request: Parameters<typeof memberOrAddressKey>[0]): Promise<Payer> => {
    const member = await request.requireMember();
    return { member, site: request.visitor.site, locale: request.visitor.locale, evidence: await countryEvidence(deps.db, request, member) };
  };

  route(
    app,
    directDebitEndpoints.page,
    {
      schema: {
        tags: ['direct-debit'],
        summary: 'The bundle to pay by direct debit (priced with a discount code) and the saved account (IBAN masked)',
      },
      // A code is looked up here too: codes are guessable by trying, so as few per member as at /api/discountcode.php.
      config: { rateLimit: { max: Math.max(30, Math.floor(config.RATE_LIMIT_MAX / 20)), timeWindow: '1 minute', keyGenerator: async (request) => `dd-page:${await memberOrAddressKey(request)}` } },
    },
    async (request, reply) => {
      const who = await payer(request);
      reply.header('cache-control', 'no-store');
      const { bundle: bundleId, country, code } = request.query;
      const bundle = bundleId !== undefined && country ? await directDebitBundle(deps.db, who, bundleId, country) : null;
      // The code prices the bundle as the payment will; a refused one is said and the page goes on at the normal price.
      let price: DirectDebitPrice | null = null;
      let discountError: string | null = null;
      if (bundle) {
        try {
          price = await directDebitPrice(deps.db, { memberId: who.member.id, siteId: who.site.row.id, locale: who.locale }, bundle, country!, code, new Date());
        } catch (error) {
          if (!isDiscountError(error)) throw error;
          discountError = request.visitorT()(error.key, error.vars);
        }
      }
      const account = await findAccount(deps.db, who.member.id);
      return {
        bundle: bundle && {
          id: bundle.id,
          credits: bundle.credits,
          amount: bundle.amountMinor,
          amount_due: price?.amountMinor ?? bundle.amountMinor,
          currency: bundle.currency as 'EUR',
        },
        discount: price?.applied ? discountDetails(price.applied) : null,
        discount_error: discountError,
        blocked: await isBlocked(deps.db, savedDebtor(deps.cipher, who.member.id, account)),
        email_unconfirmed: !hasConfirmedEmail(who.member),
        account: account ? presentAccount(account) : null,
      };
    },
  );

  route(
    app,
    directDebitEndpoints.sendCode,
    {
      schema: {
        tags: ['direct-debit'],
        summary: 'Check the account details and send the SMS code that confirms the mandate',
      },
      // An address may be shared (an office, a carrier's NAT): it gets more than one member does.
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      onRequest: perMember('dd-send', 10),
    },
    async (request) => sendCode(deps, await payer(request), request.body),
  );

  route(
    app,
    directDebitEndpoints.verify,
    {
      schema: {
        tags: ['direct-debit'],
        summary: 'Enter the SMS code: confirms the mandate and the payment, credits granted at once',
      },
      config: { rateLimit: { max: 60, timeWindow: '10 minutes' } },
      onRequest: perMember('dd-verify', 30),
    },
    async (request) => {
      const who = await payer(request);
      const { payment, settlement } = await confirmCode(deps, who, request.body.verification_id, request.body.code);
      publishEvents(app.liveBus, settlement.events);
      return {
        payment_id: payment.publicId,
        bundle_id: payment.bundleId ?? 0,
        credits: payment.credits,
        balance: await creditBalance(deps.db, who.member.id),
      };
    },
  );
};
