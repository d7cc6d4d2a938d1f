import type { PaymentMethod } from '../../../../common/payments/payment-methods';
import type { PaymentStatus } from '../../../../common/payments/payment-schemas';

/** A provider's word on a payment, in our terms (payment-status.ts orders them). */
export type ProviderStatus = PaymentStatus;

export type ProviderKey = 'test' | 'mollie' | 'adyen';

export interface CreatePaymentInput {
  method: PaymentMethod;
  /** Integer minor units of `currency`. */
  amountMinor: number;
  currency: string;
  /** The payer's country (the payment country): some methods and all VAT depend on it. */
  country: string;
  /** Shown on the provider's checkout and the bank statement. */
  description: string;
  /** Where the provider sends the payer back (our result page). */
  returnUrl: string;
  /** Where the provider reports status changes. */
  webhookUrl: string;
  /** Our payment's public id and member id: the provider echoes them in its records. */
  metadata: { payment_id: string; member_id: string };
  /** The payer's language for the checkout (a spec locale). */
  locale: string;
  /** Ask the payer to allow later charges without a checkout (a card stored for repeat orders). */
  storeMandate: boolean;
  /** A stable reference of the member at the provider (Mollie customer, Adyen shopperReference). */
  customerReference: string;
}

export interface ProviderPayment {
  providerPaymentId: string;
  status: ProviderStatus;
  /** The hosted checkout; null when no payer action is needed (a charge on a mandate). */
  checkoutUrl: string | null;
}

/** Where a provider keeps a payment: a live or a test account and, at Adyen, the merchant account. */
export interface ProviderAccount {
  live: boolean;
  merchantAccount?: string;
}

/**
 * What the provider holds for a payment, in its own words: a status alone proves nothing, so
 * a payment counts as paid only when these match our record and the payment site's account.
 */
export interface ProviderHolding {
  /** Integer minor units of `currency`. */
  amountMinor: number;
  currency: string;
  account: ProviderAccount;
}

/** A charge on a mandate: when the answer already settles it (paid at once), what the provider holds. */
export interface ProviderCharge extends ProviderPayment {
  held?: ProviderHolding;
}

export interface ProviderPaymentState extends ProviderHolding {
  providerPaymentId: string;
  status: ProviderStatus;
  /** The provider's fee in minor units, when it reports one. */
  feeMinor?: number;
  /** A mandate the payer allowed during this payment (a stored card), for repeat orders. */
  mandate?: { providerMandateId: string; providerCustomerId?: string; label: string };
}

export interface MandateChargeInput extends Omit<CreatePaymentInput, 'storeMandate' | 'returnUrl'> {
  providerMandateId: string;
  providerCustomerId?: string;
  /** A repeat order still needs a return URL at some providers (3-D Secure fallback). */
  returnUrl: string;
}

/** What a webhook delivery told us, once its authenticity is checked. */
export interface WebhookNotice {
  /**
   * The provider payments whose state changed. For providers whose webhook carries only an
   * id (Mollie, the test provider) the state is fetched; a signed notification (Adyen) carries it.
   */
  payments: {
    providerPaymentId: string;
    state?: ProviderPaymentState;
    /**
     * Our payment's public id when the provider echoes it (Adyen's merchantReference): finds the
     * row while it still holds the checkout's id (an Adyen payment link) instead of this one.
     */
    paymentId?: string;
  }[];
  /** The body the provider expects back (Adyen: '[accepted]'). */
  reply?: string;
}

export interface WebhookRequest {
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body (form fields or JSON). */
  body: unknown;
}

/**
 * One payment provider behind one interface: the product path (payment-service.ts,
 * payment-settlement.ts) is the same for all of them. Adapters translate, they keep no state.
 */
export interface PaymentProvider {
  readonly key: ProviderKey;
  /** The account this site's payments are kept in: a report from another account or mode is not about them. */
  readonly account: ProviderAccount;
  /** The methods this provider serves in a payment country with its currency (before site routing). */
  methods(country: string, currency: string): readonly PaymentMethod[];
  createPayment(input: CreatePaymentInput): Promise<ProviderPayment>;
  fetchPayment(providerPaymentId: string): Promise<ProviderPaymentState>;
  /** Refunds `amountMinor` of a paid payment (the whole amount by default). */
  refund(providerPaymentId: string, amountMinor: number, currency: string): Promise<void>;
  /** Charges a stored mandate without a checkout; may still answer with a checkout URL (authentication needed). */
  chargeMandate(input: MandateChargeInput): Promise<ProviderCharge>;
  /** Checks a webhook delivery's authenticity (throws WebhookRejected) and says what it reports. */
  parseWebhook(request: WebhookRequest): Promise<WebhookNotice>;
}

/** A webhook that failed its authenticity check: answered 401, nothing changes. */
export class WebhookRejected extends Error {}

/** The provider could not be reached or refused the request: the payment fails with a translated message. */
export class ProviderError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
  }
}
