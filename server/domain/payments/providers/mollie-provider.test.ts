import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trustStandinCertificates } from '../../../test-support/https-standin';
import { startMollieStandin, type MollieStandin, type MollieStandinStatus } from '../../../test-support/mollie-standin';
import { createMollieProvider, fromMinor, mollieLocale, toMinor } from './mollie-provider';
import { ProviderError, WebhookRejected, type CreatePaymentInput, type PaymentProvider, type ProviderStatus } from './payment-provider';

let standin: MollieStandin;
let mollie: PaymentProvider;
let untrust: () => void;

// The official client against a local https stand-in of Mollie's API (TOOLCHAIN.md: the client
// trusts only its own CA bundle, so this test process, and only it, accepts the stand-in's).
beforeAll(async () => {
  untrust = trustStandinCertificates();
  standin = await startMollieStandin();
  mollie = createMollieProvider({ apiKey: standin.apiKey, apiEndpoint: standin.apiEndpoint });
});
afterAll(async () => {
  await standin?.close();
  untrust?.();
});

function input(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    method: 'ideal',
    amountMinor: 1250,
    currency: 'EUR',
    country: 'NL',
    description: 'Rendezvous 100 credits',
    returnUrl: 'https://rendezvous.example/payment/result?id=pay_1',
    webhookUrl: 'https://rendezvous.example/api/payment-webhook.php?provider=mollie',
    metadata: { payment_id: `pay_${Math.random().toString(36).slice(2)}`, member_id: 'm_42' },
    locale: 'nl',
    storeMandate: false,
    customerReference: 'member-42',
    ...overrides,
  };
}

/** What Mollie holds for a test payment of `amountMinor` euro cents: settlement compares it with the record. */
const held = (amountMinor = 1250) => ({ amountMinor, currency: 'EUR', account: { live: false } });

const lastBody = (path: string) => standin.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)?.body as Record<string, unknown>;

describe('Mollie provider', () => {
  it('creates a payment with amount, method, locale, URLs and metadata in Mollie terms, and answers its checkout', async () => {
    const payment = await mollie.createPayment(input({ amountMinor: 1999, locale: 'fr', country: 'BE', method: 'bancontact' }));
    expect(payment).toMatchObject({ status: 'open', providerPaymentId: expect.stringMatching(/^tr_/) });
    expect(payment.checkoutUrl).toBe(`${standin.apiEndpoint.replace('/v2/', '')}/checkout/${payment.providerPaymentId}`);
    const sent = lastBody('/v2/payments');
    expect(sent).toMatchObject({
      amount: { currency: 'EUR', value: '19.99' },
      method: 'bancontact',
      locale: 'fr_BE',
      redirectUrl: 'https://rendezvous.example/payment/result?id=pay_1',
      webhookUrl: 'https://rendezvous.example/api/payment-webhook.php?provider=mollie',
      description: 'Rendezvous 100 credits',
    });
    expect(sent.sequenceType).toBeUndefined();
    expect(standin.payments.get(payment.providerPaymentId)?.metadata).toMatchObject({ member_id: 'm_42' });
  });

  it('sends the card brands as the creditcard method', async () => {
    await mollie.createPayment(input({ method: 'visa', country: 'DE', locale: 'de' }));
    expect(lastBody('/v2/payments')).toMatchObject({ method: 'creditcard', locale: 'de_DE' });
  });

  it.each<[MollieStandinStatus, ProviderStatus]>([
    ['open', 'open'],
    ['pending', 'pending'],
    ['authorized', 'pending'],
    ['paid', 'paid'],
    ['failed', 'failed'],
    ['canceled', 'canceled'],
    ['expired', 'expired'],
  ])('reads the Mollie status %s as %s', async (mollieStatus, ours) => {
    const { providerPaymentId } = await mollie.createPayment(input());
    standin.setStatus(providerPaymentId, mollieStatus);
    expect(await mollie.fetchPayment(providerPaymentId)).toEqual({ providerPaymentId, status: ours, ...held() });
  });

  it('refunds a paid payment, which then reads as refunded; a chargeback reads as charged back', async () => {
    const { providerPaymentId } = await mollie.createPayment(input());
    standin.setStatus(providerPaymentId, 'paid');
    await mollie.refund(providerPaymentId, 500, 'EUR');
    expect(lastBody(`/v2/payments/${providerPaymentId}/refunds`)).toMatchObject({ amount: { currency: 'EUR', value: '5.00' } });
    expect((await mollie.fetchPayment(providerPaymentId)).status).toBe('refunded');

    const other = await mollie.createPayment(input());
    standin.setStatus(other.providerPaymentId, 'paid');
    standin.chargeBack(other.providerPaymentId);
    expect((await mollie.fetchPayment(other.providerPaymentId)).status).toBe('charged_back');
  });

  it('answers a refused refund with a ProviderError', async () => {
    const { providerPaymentId } = await mollie.createPayment(input());
    await expect(mollie.refund(providerPaymentId, 1250, 'EUR')).rejects.toThrow(ProviderError);
  });

  it('stores a card as a first payment of a new customer, reports its mandate once paid, and charges it later', async () => {
    const first = await mollie.createPayment(input({ method: 'mastercard', storeMandate: true, country: 'DE', locale: 'de' }));
    const sent = lastBody('/v2/payments');
    expect(sent).toMatchObject({ sequenceType: 'first', customerId: expect.stringMatching(/^cst_/), method: 'creditcard' });
    expect(lastBody('/v2/customers')).toMatchObject({ metadata: { member_reference: 'member-42' } });
    expect(await mollie.fetchPayment(first.providerPaymentId)).toEqual({ providerPaymentId: first.providerPaymentId, status: 'open', ...held() });

    standin.setStatus(first.providerPaymentId, 'paid', { label: 'Mastercard', lastFour: '5100' });
    const paid = await mollie.fetchPayment(first.providerPaymentId);
    expect(paid.status).toBe('paid');
    expect(paid.mandate).toEqual({ providerMandateId: expect.stringMatching(/^mdt_/), providerCustomerId: sent.customerId, label: 'Mastercard •••• 5100' });

    const { storeMandate: _unused, ...rest } = input({ method: 'mastercard', country: 'DE', locale: 'de', amountMinor: 2500 });
    const charge = await mollie.chargeMandate({ ...rest, providerMandateId: paid.mandate!.providerMandateId, providerCustomerId: paid.mandate!.providerCustomerId });
    expect(charge).toEqual({ providerPaymentId: expect.stringMatching(/^tr_/), status: 'pending', checkoutUrl: null, held: held(2500) });
    expect(lastBody('/v2/payments')).toMatchObject({
      sequenceType: 'recurring',
      customerId: sent.customerId,
      mandateId: paid.mandate!.providerMandateId,
      amount: { currency: 'EUR', value: '25.00' },
    });
    // A charge on a recurring payment carries no new mandate.
    standin.setStatus(charge.providerPaymentId, 'paid');
    expect(await mollie.fetchPayment(charge.providerPaymentId)).toEqual({ providerPaymentId: charge.providerPaymentId, status: 'paid', ...held(2500) });
  });

  it('reuses a Mollie customer id given as the customer reference', async () => {
    await mollie.createPayment(input({ method: 'creditcard', storeMandate: true }));
    const customerId = lastBody('/v2/payments').customerId as string;
    const customersBefore = standin.requests.filter((r) => r.path === '/v2/customers').length;
    await mollie.createPayment(input({ method: 'creditcard', storeMandate: true, customerReference: customerId }));
    expect(lastBody('/v2/payments').customerId).toBe(customerId);
    expect(standin.requests.filter((r) => r.path === '/v2/customers').length).toBe(customersBefore);
  });

  it('refuses a mandate charge without the customer of the mandate, and a charge on an unknown mandate', async () => {
    const { storeMandate: _unused, ...rest } = input({ method: 'creditcard' });
    await expect(mollie.chargeMandate({ ...rest, providerMandateId: 'mdt_x' })).rejects.toThrow(ProviderError);
    await mollie.createPayment(input({ method: 'creditcard', storeMandate: true }));
    const customerId = lastBody('/v2/payments').customerId as string;
    await expect(mollie.chargeMandate({ ...rest, providerMandateId: 'mdt_unknown', providerCustomerId: customerId })).rejects.toThrow(ProviderError);
  });

  it('fails with a ProviderError for an unknown payment or a wrong API key', async () => {
    await expect(mollie.fetchPayment('tr_doesnotexist')).rejects.toThrow(ProviderError);
    const wrongKey = createMollieProvider({ apiKey: 'test_wrongkey000000000000000000000', apiEndpoint: standin.apiEndpoint });
    await expect(wrongKey.createPayment(input())).rejects.toThrow(/Mollie create payment failed/);
  });

  it('reads the payment id of a webhook, accepts another resource with nothing to do, and rejects a webhook without an id', async () => {
    expect(await mollie.parseWebhook({ headers: {}, body: { id: 'tr_WDqYK6vllg' } })).toEqual({ payments: [{ providerPaymentId: 'tr_WDqYK6vllg' }] });
    expect(await mollie.parseWebhook({ headers: {}, body: { id: 'pl_4Y0eZitmBnQ6IDoMqZQKh' } })).toEqual({ payments: [] });
    for (const body of [{}, { id: 42 }, { id: 'tr_' }, { id: "tr_x' OR 1=1" }, 'id=tr_x', null]) {
      await expect(mollie.parseWebhook({ headers: {}, body })).rejects.toThrow(WebhookRejected);
    }
  });

  it('offers per country and currency only the methods Mollie has there', () => {
    expect(mollie.methods('NL', 'EUR')).toEqual(['creditcard', 'visa', 'mastercard', 'maestro', 'applepay', 'paypal', 'ideal', 'paysafecard', 'banktransfer']);
    expect(mollie.methods('PL', 'PLN')).toEqual(['creditcard', 'visa', 'mastercard', 'maestro', 'applepay', 'paypal', 'przelewy24', 'blik']);
    expect(mollie.methods('CH', 'CHF')).toContain('twint');
    expect(mollie.methods('SE', 'SEK')).toContain('swish');
    expect(mollie.methods('NO', 'NOK')).toContain('vipps');
    expect(mollie.methods('DK', 'DKK')).toContain('mobilepay');
    // Closed schemes and brands Mollie has no method for stay with another provider.
    for (const [country, currency, method] of [['DE', 'EUR', 'giropay'], ['DE', 'EUR', 'sofort'], ['DK', 'DKK', 'dankort'], ['FR', 'EUR', 'cartebancaire'], ['IT', 'EUR', 'nexi']] as const) {
      expect(mollie.methods(country, currency)).not.toContain(method);
    }
    // iDEAL is Dutch and in euros.
    expect(mollie.methods('DE', 'EUR')).not.toContain('ideal');
  });
});

describe('Mollie amounts and locales', () => {
  it('writes minor units as the decimal strings of Mollie and reads them back', () => {
    for (const minor of [0, 5, 99, 100, 1250, 123456]) expect(toMinor(fromMinor(minor))).toBe(minor);
    expect(fromMinor(5)).toBe('0.05');
    expect(fromMinor(123456)).toBe('1234.56');
  });

  it('picks the locale of the language in the payment country, else its home country', () => {
    expect(mollieLocale('de', 'CH')).toBe('de_CH');
    expect(mollieLocale('nl', 'BE')).toBe('nl_BE');
    expect(mollieLocale('nb', 'NO')).toBe('nb_NO');
    expect(mollieLocale('it', 'CH')).toBe('it_IT');
    expect(mollieLocale('sv', 'FI')).toBe('sv_SE');
  });
});
