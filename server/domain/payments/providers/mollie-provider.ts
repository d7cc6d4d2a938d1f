import { ApiMode, createMollieClient, Locale, SequenceType, type Payment, type PaymentStatus, type PaymentMethod as MollieMethod } from '@mollie/api-client';
import { RECURRING_METHODS, type PaymentMethod } from '../../../../common/payments/payment-methods';
import { cardLabel, coveredMethods, MOLLIE_COVERAGE } from './method-coverage';
import {
  ProviderError,
  WebhookRejected,
  type CreatePaymentInput,
  type MandateChargeInput,
  type PaymentProvider,
  type ProviderAccount,
  type ProviderCharge,
  type ProviderHolding,
  type ProviderPayment,
  type ProviderPaymentState,
  type ProviderStatus,
  type WebhookNotice,
  type WebhookRequest,
} from './payment-provider';

export interface MollieProviderOptions {
  /** A site's key from MOLLIE_API_KEYS ('test_…' or 'live_…'). */
  apiKey: string;
  /** MOLLIE_API_ENDPOINT: another base URL (a local stand-in in tests); https only. */
  apiEndpoint?: string;
}

// Mollie's ids ('tr_…' for a payment); anything else in a webhook is not Mollie's.
const RESOURCE_ID = /^[a-z]{2,6}_[A-Za-z0-9]{4,40}$/;
const PAYMENT_ID = /^tr_/;

/** Mollie's checkout language: the member's locale with the payment country, else the language's home country. */
export function mollieLocale(locale: string, country: string): Locale {
  const wanted = `${locale.toLowerCase()}_${country.toUpperCase()}`;
  if (wanted in Locale) return Locale[wanted as keyof typeof Locale];
  const home: Record<string, Locale> = {
    da: Locale.da_DK,
    de: Locale.de_DE,
    en: Locale.en_GB,
    es: Locale.es_ES,
    fi: Locale.fi_FI,
    fr: Locale.fr_FR,
    it: Locale.it_IT,
    nb: Locale.nb_NO,
    nl: Locale.nl_NL,
    pl: Locale.pl_PL,
    sv: Locale.sv_SE,
  };
  return home[locale.toLowerCase()] ?? Locale.en_GB;
}

/** Mollie's amount value: the minor units as a decimal string ('12.50'; all our currencies have cents). */
export function fromMinor(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export function toMinor(value: string): number {
  const [whole = '0', cents = ''] = value.split('.');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0').slice(0, 2));
}

function mollieMethod(method: PaymentMethod): MollieMethod {
  const id = MOLLIE_COVERAGE[method]?.ids[0];
  if (!id) throw new ProviderError(`Mollie does not serve the method ${method}`);
  return id as MollieMethod;
}

const STATUS: Record<PaymentStatus, ProviderStatus> = {
  open: 'open',
  pending: 'pending',
  // Authorized: the money is reserved, not yet ours; paid follows with the capture.
  authorized: 'pending',
  paid: 'paid',
  failed: 'failed',
  canceled: 'canceled',
  expired: 'expired',
};

/** Our status for a Mollie payment: a refund or chargeback outranks the payment's own status. */
export function mollieStatus(payment: Pick<Payment, 'status' | 'amountRefunded' | 'amountChargedBack'>): ProviderStatus {
  if (payment.amountChargedBack && toMinor(payment.amountChargedBack.value) > 0) return 'charged_back';
  // Any refund returns the bundle (decision 0020 withdraws its credits); Adyen reports the same.
  if (payment.amountRefunded && toMinor(payment.amountRefunded.value) > 0) return 'refunded';
  return STATUS[payment.status];
}

/** What Mollie holds for a payment: its amount, and whether it is a live or a test payment. */
function holdingOf(payment: Pick<Payment, 'amount' | 'mode'>): ProviderHolding {
  return { amountMinor: toMinor(payment.amount.value), currency: payment.amount.currency, account: { live: payment.mode === ApiMode.live } };
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    // Mollie's error titles and details name the problem, never the API key.
    throw new ProviderError(`Mollie ${what} failed: ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/**
 * Mollie through its official client. Stateless: every answer comes from Mollie's API. The
 * webhook carries only a payment id, so its state is fetched (`fetchPayment`), which is also
 * what makes an unsigned webhook safe: a forged id yields only Mollie's own word.
 */
export function createMollieProvider(options: MollieProviderOptions): PaymentProvider {
  const mollie = createMollieClient({ apiKey: options.apiKey, ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}) });
  // A live key sees live payments only; the mode is checked all the same, as Adyen's is.
  const account: ProviderAccount = { live: options.apiKey.startsWith('live_') };

  async function customerFor(input: CreatePaymentInput): Promise<string> {
    if (input.customerReference.startsWith('cst_')) return input.customerReference;
    const customer = await mollie.customers.create({ metadata: { member_reference: input.customerReference } });
    return customer.id;
  }

  async function mandateOf(payment: Payment): Promise<ProviderPaymentState['mandate']> {
    if (payment.sequenceType !== SequenceType.first || !payment.mandateId || !payment.customerId) return undefined;
    const mandate = await mollie.customerMandates.get(payment.mandateId, { customerId: payment.customerId });
    if (mandate.status === 'invalid' || !('cardNumber' in mandate.details)) return undefined;
    // Mollie reports the card's last four digits only; the label never holds more.
    const label = cardLabel(mandate.details.cardLabel ?? 'Card', mandate.details.cardNumber);
    return { providerMandateId: mandate.id, providerCustomerId: payment.customerId, label };
  }

  return {
    key: 'mollie',
    account,

    methods(country, currency) {
      return coveredMethods(MOLLIE_COVERAGE, country, currency);
    },

    async createPayment(input): Promise<ProviderPayment> {
      const method = mollieMethod(input.method);
      const recurring = input.storeMandate && RECURRING_METHODS.includes(input.method);
      const payment = await call('create payment', async () =>
        mollie.payments.create({
          amount: { currency: input.currency, value: fromMinor(input.amountMinor) },
          description: input.description,
          redirectUrl: input.returnUrl,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          locale: mollieLocale(input.locale, input.country),
          method,
          // A 'first' payment of a customer leaves a mandate for later charges without a checkout.
          ...(recurring ? { sequenceType: SequenceType.first, customerId: await customerFor(input) } : {}),
          // A retry of the same payment (a timeout on our side) makes no second one at Mollie.
          idempotencyKey: `create-${input.metadata.payment_id}`,
        }),
      );
      return { providerPaymentId: payment.id, status: mollieStatus(payment), checkoutUrl: payment.getCheckoutUrl() };
    },

    async fetchPayment(providerPaymentId): Promise<ProviderPaymentState> {
      return call('fetch payment', async () => {
        const payment = await mollie.payments.get(providerPaymentId);
        const status = mollieStatus(payment);
        // Mollie reports fees per settlement, not per payment: no feeMinor.
        const mandate = status === 'paid' ? await mandateOf(payment) : undefined;
        return { providerPaymentId: payment.id, status, ...holdingOf(payment), ...(mandate ? { mandate } : {}) };
      });
    },

    async refund(providerPaymentId, amountMinor, currency) {
      await call('refund', () =>
        mollie.paymentRefunds.create({ paymentId: providerPaymentId, amount: { currency, value: fromMinor(amountMinor) } }),
      );
    },

    async chargeMandate(input: MandateChargeInput): Promise<ProviderCharge> {
      if (!input.providerCustomerId) throw new ProviderError('A Mollie mandate charge needs the customer of the mandate');
      const customerId = input.providerCustomerId;
      const payment = await call('charge mandate', () =>
        mollie.payments.create({
          amount: { currency: input.currency, value: fromMinor(input.amountMinor) },
          description: input.description,
          webhookUrl: input.webhookUrl,
          metadata: input.metadata,
          sequenceType: SequenceType.recurring,
          customerId,
          mandateId: input.providerMandateId,
          idempotencyKey: `charge-${input.metadata.payment_id}`,
        }),
      );
      // A recurring payment has no checkout: Mollie charges the mandate and reports by webhook.
      return { providerPaymentId: payment.id, status: mollieStatus(payment), checkoutUrl: null, held: holdingOf(payment) };
    },

    async parseWebhook(request: WebhookRequest): Promise<WebhookNotice> {
      const id = typeof request.body === 'object' && request.body !== null ? (request.body as Record<string, unknown>).id : undefined;
      if (typeof id !== 'string' || !RESOURCE_ID.test(id)) throw new WebhookRejected('Mollie webhook without an id');
      // Another resource's webhook (a payment link, an order) changes no payment of ours: accepted, nothing to do.
      if (!PAYMENT_ID.test(id)) return { payments: [] };
      // Only an id: the route fetches its state (and answers 200 for an id it does not know).
      return { payments: [{ providerPaymentId: id }] };
    },
  };
}
