import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAdyenStandin, type AdyenStandin } from '../../../test-support/adyen-standin';
import { trustStandinCertificates } from '../../../test-support/https-standin';
import { adyenLocale, createAdyenProvider } from './adyen-provider';
import { ProviderError, WebhookRejected, type CreatePaymentInput, type PaymentProvider } from './payment-provider';

let standin: AdyenStandin;
let provider: PaymentProvider;
let untrust: () => void;

// The official library against a local https stand-in of Adyen's Checkout API (its HTTP client
// speaks only https); this test process, and only it, accepts the stand-in's certificate.
beforeAll(async () => {
  untrust = trustStandinCertificates();
  standin = await startAdyenStandin();
  provider = createAdyenProvider({
    apiKey: standin.apiKey,
    merchantAccount: standin.merchantAccount,
    hmacKey: standin.hmacKey,
    environment: 'TEST',
    checkoutEndpoint: standin.checkoutEndpoint,
  });
});
afterAll(async () => {
  await standin?.close();
  untrust?.();
});

function input(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    method: 'dankort',
    amountMinor: 9900,
    currency: 'DKK',
    country: 'DK',
    description: 'Rendezvous 100 credits',
    returnUrl: 'https://rendezvous.example/payment/result?id=pay_1',
    webhookUrl: 'https://rendezvous.example/api/payment-webhook.php?provider=adyen',
    metadata: { payment_id: `pay_${Math.random().toString(36).slice(2)}`, member_id: 'm_7' },
    locale: 'da',
    storeMandate: false,
    customerReference: 'member-7',
    ...overrides,
  };
}

/** What Adyen holds, at the stand-in's merchant account in the TEST environment. */
const held = (amountMinor = 9900, currency = 'DKK') => ({ amountMinor, currency, account: { live: false, merchantAccount: standin.merchantAccount } });

const lastRequest = (path: string) => standin.requests.filter((r) => r.method === 'POST' && r.path === path).at(-1)!;

describe('Adyen provider', () => {
  it('creates a payment link for the method, with our payment id as reference, and reads its status', async () => {
    const payment = await provider.createPayment(input());
    expect(payment).toMatchObject({ providerPaymentId: expect.stringMatching(/^PL/), status: 'open' });
    expect(payment.checkoutUrl).toBe(`${standin.checkoutEndpoint}/payByLink/${payment.providerPaymentId}`);
    const sent = lastRequest('/v72/paymentLinks');
    expect(sent.body).toMatchObject({
      reference: expect.stringMatching(/^pay_/),
      merchantAccount: standin.merchantAccount,
      amount: { value: 9900, currency: 'DKK' },
      allowedPaymentMethods: ['dankort'],
      returnUrl: 'https://rendezvous.example/payment/result?id=pay_1',
      shopperLocale: 'da-DK',
      countryCode: 'DK',
      shopperReference: 'member-7',
    });
    expect(sent.body).not.toHaveProperty('storePaymentMethodMode');
    expect(sent.idempotencyKey).toBe(`create-${(sent.body as { reference: string }).reference}`);

    expect(await provider.fetchPayment(payment.providerPaymentId)).toEqual({ providerPaymentId: payment.providerPaymentId, status: 'open', ...held() });
    standin.payLink(payment.providerPaymentId);
    expect((await provider.fetchPayment(payment.providerPaymentId)).status).toBe('paid');
    standin.links.get(payment.providerPaymentId)!.status = 'expired';
    expect((await provider.fetchPayment(payment.providerPaymentId)).status).toBe('expired');
    standin.links.get(payment.providerPaymentId)!.status = 'paymentPending';
    expect((await provider.fetchPayment(payment.providerPaymentId)).status).toBe('pending');
  });

  it('maps card brands and local methods to Adyen payment method types', async () => {
    await provider.createPayment(input({ method: 'mastercard', currency: 'EUR', country: 'FR', locale: 'fr' }));
    expect(lastRequest('/v72/paymentLinks').body).toMatchObject({ allowedPaymentMethods: ['mc'], shopperLocale: 'fr-FR' });
    await provider.createPayment(input({ method: 'bancontact', currency: 'EUR', country: 'BE', locale: 'nl' }));
    expect(lastRequest('/v72/paymentLinks').body).toMatchObject({ allowedPaymentMethods: ['bcmc', 'bcmc_mobile'], shopperLocale: 'nl-BE' });
    await expect(provider.createPayment(input({ method: 'satispay', currency: 'EUR', country: 'IT' }))).rejects.toThrow(ProviderError);
  });

  it('turns a signed AUTHORISATION into paid, under the pspReference, with our payment id to find the row', async () => {
    const payment = await provider.createPayment(input());
    const { pspReference, webhook } = standin.payLink(payment.providerPaymentId);
    const notice = await provider.parseWebhook({ headers: {}, body: webhook });
    const paymentId = (lastRequest('/v72/paymentLinks').body as { reference: string }).reference;
    expect(notice).toEqual({ reply: '[accepted]', payments: [{ providerPaymentId: pspReference, paymentId, state: { providerPaymentId: pspReference, status: 'paid', ...held() } }] });
    // The notification's live flag says which environment sent it (settlement compares it with ADYEN_ENVIRONMENT).
    const live = await provider.parseWebhook({ headers: {}, body: { ...(webhook as object), live: 'true' } });
    expect(live.payments[0]?.state?.account).toEqual({ live: true, merchantAccount: standin.merchantAccount });

    const refused = standin.payLink((await provider.createPayment(input())).providerPaymentId, { success: false });
    expect((await provider.parseWebhook({ headers: {}, body: refused.webhook })).payments[0]?.state?.status).toBe('failed');
  });

  it('rejects a notification whose amount, status or signature was changed, or that is unsigned', async () => {
    const payment = await provider.createPayment(input());
    const body = standin.payLink(payment.providerPaymentId, { success: false }).webhook as ReturnType<AdyenStandin['notification']>;
    const item = body.notificationItems[0]!.NotificationRequestItem;
    const tampered = (change: (copy: Record<string, unknown>) => void) => {
      const copy = structuredClone(body);
      change(copy.notificationItems[0]!.NotificationRequestItem);
      return copy;
    };
    await expect(provider.parseWebhook({ headers: {}, body: tampered((i) => (i.success = 'true')) })).rejects.toThrow(WebhookRejected);
    await expect(provider.parseWebhook({ headers: {}, body: tampered((i) => (i.amount = { value: 1, currency: 'DKK' })) })).rejects.toThrow(WebhookRejected);
    await expect(provider.parseWebhook({ headers: {}, body: tampered((i) => ((i.additionalData as Record<string, string>).hmacSignature = 'AAAA' + String((item.additionalData as Record<string, string>).hmacSignature).slice(4))) })).rejects.toThrow(WebhookRejected);
    await expect(provider.parseWebhook({ headers: {}, body: tampered((i) => delete (i.additionalData as Record<string, string>).hmacSignature) })).rejects.toThrow(WebhookRejected);
    await expect(provider.parseWebhook({ headers: {}, body: { notificationItems: [] } })).rejects.toThrow(WebhookRejected);
    // The same body signed with another key (another Adyen company account) is not ours either.
    const other = createAdyenProvider({ apiKey: 'x', merchantAccount: 'x', hmacKey: 'AB'.repeat(32), environment: 'TEST' });
    await expect(other.parseWebhook({ headers: {}, body })).rejects.toThrow(WebhookRejected);
    // One forged item rejects the whole delivery.
    const mixed = { ...body, notificationItems: [...standin.notification({ eventCode: 'REFUND', pspReference: '1', originalReference: '2', merchantReference: 'pay_x', amount: { value: 1, currency: 'DKK' } }).notificationItems, tampered((i) => (i.success = 'true')).notificationItems[0]!] };
    await expect(provider.parseWebhook({ headers: {}, body: mixed })).rejects.toThrow(WebhookRejected);
  });

  it('maps refunds, cancellations, chargebacks and closed offers to the payment named in originalReference', async () => {
    const amount = { value: 9900, currency: 'DKK' };
    const body = standin.notification(
      { eventCode: 'REFUND', pspReference: 'R1', originalReference: 'P1', merchantReference: 'pay_1', amount },
      { eventCode: 'REFUND', pspReference: 'R2', originalReference: 'P2', merchantReference: 'pay_2', amount, success: false },
      { eventCode: 'CANCELLATION', pspReference: 'C3', originalReference: 'P3', merchantReference: 'pay_3', amount },
      { eventCode: 'CHARGEBACK', pspReference: 'D4', originalReference: 'P4', merchantReference: 'pay_4', amount },
      { eventCode: 'CANCEL_OR_REFUND', pspReference: 'X5', originalReference: 'P5', merchantReference: 'pay_5', amount, additionalData: { 'modification.action': 'cancel' } },
      { eventCode: 'OFFER_CLOSED', pspReference: 'P6', merchantReference: 'pay_6', amount },
      { eventCode: 'REPORT_AVAILABLE', pspReference: 'Z7', merchantReference: 'report.csv', amount },
    );
    const notice = await provider.parseWebhook({ headers: {}, body });
    expect(notice.payments.map((p) => [p.providerPaymentId, p.paymentId, p.state?.status])).toEqual([
      ['P1', 'pay_1', 'refunded'],
      ['P3', 'pay_3', 'canceled'],
      ['P4', 'pay_4', 'charged_back'],
      ['P5', 'pay_5', 'canceled'],
      ['P6', 'pay_6', 'expired'],
    ]);
    expect(notice.reply).toBe('[accepted]');
  });

  it('stores a card through the link, reports the mandate with a masked label, and charges it without a checkout', async () => {
    const first = await provider.createPayment(input({ method: 'visa', currency: 'EUR', country: 'NL', locale: 'nl', storeMandate: true }));
    expect(lastRequest('/v72/paymentLinks').body).toMatchObject({ storePaymentMethodMode: 'enabled', recurringProcessingModel: 'CardOnFile', shopperReference: 'member-7' });
    const { pspReference, webhook } = standin.payLink(first.providerPaymentId, { card: { brand: 'visa', lastFour: '4242' } });
    const state = (await provider.parseWebhook({ headers: {}, body: webhook })).payments[0]!.state!;
    expect(state).toEqual({ providerPaymentId: pspReference, status: 'paid', ...held(9900, 'EUR'), mandate: { providerMandateId: expect.any(String), providerCustomerId: 'member-7', label: 'Visa •••• 4242' } });

    const { storeMandate: _unused, ...rest } = input({ method: 'visa', currency: 'EUR', country: 'NL', locale: 'nl', amountMinor: 1500 });
    const charge = await provider.chargeMandate({ ...rest, providerMandateId: state.mandate!.providerMandateId, providerCustomerId: 'member-7' });
    expect(charge).toEqual({ providerPaymentId: expect.stringMatching(/^\d{16}$/), status: 'paid', checkoutUrl: null, held: held(1500, 'EUR') });
    expect(lastRequest('/v72/payments').body).toMatchObject({
      paymentMethod: { type: 'scheme', storedPaymentMethodId: state.mandate!.providerMandateId },
      shopperInteraction: 'ContAuth',
      recurringProcessingModel: 'CardOnFile',
      shopperReference: 'member-7',
      amount: { value: 1500, currency: 'EUR' },
    });

    standin.nextChargeResult = 'Refused';
    expect((await provider.chargeMandate({ ...rest, providerMandateId: state.mandate!.providerMandateId })).status).toBe('failed');
    standin.nextChargeResult = 'RedirectShopper';
    const redirected = await provider.chargeMandate({ ...rest, providerMandateId: state.mandate!.providerMandateId });
    expect(redirected).toMatchObject({ status: 'open', checkoutUrl: `${standin.checkoutEndpoint}/3ds/${redirected.providerPaymentId}` });
    standin.nextChargeResult = 'Authorised';
    await expect(provider.chargeMandate({ ...rest, providerMandateId: 'unknown-token' })).rejects.toThrow(ProviderError);
  });

  it('reads the mandate from a RECURRING_CONTRACT webhook too', async () => {
    const body = standin.notification({ eventCode: 'RECURRING_CONTRACT', pspReference: 'TOKEN123', originalReference: 'P9', merchantReference: 'pay_9', amount: { value: 0, currency: 'EUR' }, paymentMethod: 'mc', additionalData: { shopperReference: 'member-9', cardSummary: '5100' } });
    expect((await provider.parseWebhook({ headers: {}, body })).payments).toEqual([
      { providerPaymentId: 'P9', paymentId: 'pay_9', state: { providerPaymentId: 'P9', status: 'paid', ...held(0, 'EUR'), mandate: { providerMandateId: 'TOKEN123', providerCustomerId: 'member-9', label: 'Mastercard •••• 5100' } } },
    ]);
  });

  it('refunds by pspReference; a link or an unknown payment cannot be refunded', async () => {
    const payment = await provider.createPayment(input());
    const { pspReference } = standin.payLink(payment.providerPaymentId);
    await provider.refund(pspReference, 9900, 'DKK');
    expect(lastRequest(`/v72/payments/${pspReference}/refunds`).body).toMatchObject({ merchantAccount: standin.merchantAccount, amount: { value: 9900, currency: 'DKK' } });
    await expect(provider.refund(payment.providerPaymentId, 9900, 'DKK')).rejects.toThrow(ProviderError);
    await expect(provider.refund('9999999999999999', 9900, 'DKK')).rejects.toThrow(/Adyen refund failed/);
    await expect(provider.fetchPayment(pspReference)).rejects.toThrow(ProviderError);
  });

  it('fails with a ProviderError for a wrong API key', async () => {
    const wrong = createAdyenProvider({ apiKey: 'AQEwrong', merchantAccount: standin.merchantAccount, hmacKey: standin.hmacKey, environment: 'TEST', checkoutEndpoint: standin.checkoutEndpoint });
    await expect(wrong.createPayment(input())).rejects.toThrow(/Adyen create payment link failed/);
  });

  it('offers the methods Mollie lacks where they are used', () => {
    expect(provider.methods('DK', 'DKK')).toEqual(['creditcard', 'visa', 'mastercard', 'maestro', 'applepay', 'paypal', 'dankort', 'mobilepay']);
    expect(provider.methods('FR', 'EUR')).toContain('cartebancaire');
    expect(provider.methods('NO', 'NOK')).toContain('vipps');
    expect(provider.methods('SE', 'SEK')).toContain('swish');
    expect(provider.methods('FI', 'EUR')).toContain('mobilepay');
    expect(provider.methods('PL', 'PLN')).toEqual(expect.arrayContaining(['przelewy24', 'blik']));
    expect(provider.methods('IT', 'EUR')).not.toContain('satispay');
    expect(provider.methods('IT', 'EUR')).not.toContain('nexi');
    expect(provider.methods('DE', 'EUR')).not.toContain('dankort');
  });

  it('refuses settings that could never work: LIVE without its URL prefix, an HMAC key that is not hex', () => {
    const base = { apiKey: 'k', merchantAccount: 'm', hmacKey: 'AB'.repeat(32), environment: 'TEST' as const };
    expect(() => createAdyenProvider({ ...base, environment: 'LIVE' })).toThrow(/ADYEN_LIVE_URL_PREFIX/);
    expect(() => createAdyenProvider({ ...base, hmacKey: 'not-hex' })).toThrow(/ADYEN_HMAC_KEY/);
    expect(createAdyenProvider({ ...base, environment: 'LIVE', liveUrlPrefix: '1797a841fbb37ca7-RendezvousECOM' }).key).toBe('adyen');
  });

  it('names the shopper locale by language and payment country', () => {
    expect(adyenLocale('nb', 'NO')).toBe('nb-NO');
    expect(adyenLocale('de', 'ch')).toBe('de-CH');
  });
});
