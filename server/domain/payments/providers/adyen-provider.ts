import adyen, { type Types } from '@adyen/api-library';
import { RECURRING_METHODS, type PaymentMethod } from '../../../../common/payments/payment-methods';
import { parseAdyenNotification } from './adyen-webhook';
import { ADYEN_COVERAGE, coveredMethods } from './method-coverage';
import { ProviderError, type PaymentProvider, type ProviderAccount, type ProviderCharge, type ProviderPayment, type ProviderPaymentState, type ProviderStatus } from './payment-provider';

// The library ships CommonJS whose exports Node cannot name from ESM: take them from the default.
const { CheckoutAPI, Client, Config, EnvironmentEnum, HttpURLConnectionClient } = adyen;
const { PaymentLinkRequest, PaymentRequest, PaymentLinkResponse, PaymentResponse } = adyen.Types.checkout;
type HttpClient = ConstructorParameters<typeof Client>[1] & object;

export interface AdyenProviderOptions {
  /** ADYEN_API_KEY: the web service user's API key. */
  apiKey: string;
  /** The site's account from ADYEN_MERCHANT_ACCOUNTS. */
  merchantAccount: string;
  /** ADYEN_HMAC_KEY (hex): signs the standard webhooks. */
  hmacKey: string;
  environment: 'TEST' | 'LIVE';
  /** ADYEN_LIVE_URL_PREFIX: required by Adyen for LIVE. */
  liveUrlPrefix?: string;
  /** ADYEN_CHECKOUT_ENDPOINT: another origin for the TEST Checkout API (a local stand-in in tests). */
  checkoutEndpoint?: string;
}

/** Adyen's shopper locale: the member's language in the payment country ('nl-BE', 'nb-NO'). */
export function adyenLocale(locale: string, country: string): string {
  return `${locale.toLowerCase()}-${country.toUpperCase()}`;
}

const LINK_STATUS: Record<Types.checkout.PaymentLinkResponse.StatusEnum, ProviderStatus> = {
  [PaymentLinkResponse.StatusEnum.Active]: 'open',
  [PaymentLinkResponse.StatusEnum.PaymentPending]: 'pending',
  [PaymentLinkResponse.StatusEnum.Completed]: 'paid',
  [PaymentLinkResponse.StatusEnum.Paid]: 'paid',
  [PaymentLinkResponse.StatusEnum.Expired]: 'expired',
};

/** Our status for the synchronous answer to a charge on a stored card (the webhook confirms it). */
function chargeStatus(result: Types.checkout.PaymentResponse['resultCode']): ProviderStatus {
  const codes = PaymentResponse.ResultCodeEnum;
  if (result === codes.Authorised) return 'paid';
  if (result === codes.Refused || result === codes.Error) return 'failed';
  if (result === codes.Cancelled) return 'canceled';
  if (result === codes.RedirectShopper) return 'open';
  // A native 3-D Secure step needs Adyen's components on our page: the member retries with a checkout.
  if (result === codes.IdentifyShopper || result === codes.ChallengeShopper) return 'failed';
  return 'pending';
}

function allowedMethods(method: PaymentMethod): string[] {
  const ids = ADYEN_COVERAGE[method]?.ids;
  if (!ids) throw new ProviderError(`Adyen does not serve the method ${method}`);
  return [...ids];
}

async function call<T>(what: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    // Adyen's errors carry its status, error code and message; the API key is a header, never in them.
    throw new ProviderError(`Adyen ${what} failed: ${error instanceof Error ? error.message : String(error)}`, error);
  }
}

/** Sends the library's Checkout requests to another origin (a stand-in), through the library's own HTTP client. */
function endpointClient(checkoutEndpoint: string): HttpClient {
  const inner = new HttpURLConnectionClient();
  const target = checkoutEndpoint.replace(/\/+$/, '');
  return {
    request: (endpoint, ...rest) => inner.request(endpoint.replace(/^https:\/\/checkout-test\.adyen\.com/, target), ...rest),
  };
}

/**
 * Adyen through its official library, Checkout API. A checkout is a payment link (the only
 * hosted page the library creates with one server call: Adyen's `/sessions` needs its Drop-in
 * on our page). Ids: createPayment answers the link id (PL…), which fetchPayment can read;
 * a webhook names the payment by its pspReference and carries our payment id (paymentId):
 * the lead's route finds the row by it and keeps the pspReference, which refunds need.
 */
export function createAdyenProvider(options: AdyenProviderOptions): PaymentProvider {
  // Wrong settings fail at start, not as every payment failing or every webhook rejected.
  if (options.environment === 'LIVE' && !options.liveUrlPrefix) throw new Error('Adyen LIVE needs ADYEN_LIVE_URL_PREFIX');
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(options.hmacKey)) throw new Error('ADYEN_HMAC_KEY must be the hex key from the Customer Area');
  const config = new Config({
    apiKey: options.apiKey,
    environment: options.environment === 'LIVE' ? EnvironmentEnum.LIVE : EnvironmentEnum.TEST,
    ...(options.liveUrlPrefix ? { liveEndpointUrlPrefix: options.liveUrlPrefix } : {}),
    connectionTimeoutMillis: 30_000,
  });
  const client = new Client(config, options.checkoutEndpoint ? endpointClient(options.checkoutEndpoint) : undefined);
  const checkout = new CheckoutAPI(client);
  const { merchantAccount } = options;
  const account: ProviderAccount = { live: options.environment === 'LIVE', merchantAccount };

  return {
    key: 'adyen',
    account,

    methods(country, currency) {
      return coveredMethods(ADYEN_COVERAGE, country, currency);
    },

    async createPayment(input): Promise<ProviderPayment> {
      const allowed = allowedMethods(input.method);
      const recurring = input.storeMandate && RECURRING_METHODS.includes(input.method);
      // The webhook URL is set once in Adyen's Customer Area, not per payment (input.webhookUrl unused).
      const link = await call('create payment link', () =>
        checkout.PaymentLinksApi.paymentLinks(
          {
            reference: input.metadata.payment_id,
            merchantAccount,
            amount: { value: input.amountMinor, currency: input.currency },
            description: input.description,
            returnUrl: input.returnUrl,
            countryCode: input.country.toUpperCase(),
            shopperLocale: adyenLocale(input.locale, input.country),
            shopperReference: input.customerReference,
            allowedPaymentMethods: allowed,
            metadata: { payment_id: input.metadata.payment_id, member_id: input.metadata.member_id },
            ...(recurring
              ? {
                  storePaymentMethodMode: PaymentLinkRequest.StorePaymentMethodModeEnum.Enabled,
                  recurringProcessingModel: PaymentLinkRequest.RecurringProcessingModelEnum.CardOnFile,
                }
              : {}),
          },
          { idempotencyKey: `create-${input.metadata.payment_id}` },
        ),
      );
      return { providerPaymentId: link.id, status: LINK_STATUS[link.status] ?? 'open', checkoutUrl: link.url };
    },

    async fetchPayment(providerPaymentId): Promise<ProviderPaymentState> {
      // Checkout can read a payment link, not a payment: after the first webhook the states come by webhook.
      if (!providerPaymentId.startsWith('PL')) throw new ProviderError('Adyen reports an authorised payment only by webhook');
      const link = await call('fetch payment link', () => checkout.PaymentLinksApi.getPaymentLink(providerPaymentId));
      return {
        providerPaymentId,
        status: LINK_STATUS[link.status] ?? 'open',
        amountMinor: link.amount.value,
        currency: link.amount.currency,
        // The environment answered (the API key's); the link names its merchant account.
        account: { live: account.live, merchantAccount: link.merchantAccount },
      };
    },

    async refund(providerPaymentId, amountMinor, currency) {
      if (providerPaymentId.startsWith('PL')) throw new ProviderError('An Adyen payment link has no payment to refund yet');
      await call('refund', () =>
        checkout.ModificationsApi.refundCapturedPayment(
          providerPaymentId,
          { merchantAccount, amount: { value: amountMinor, currency }, reference: `refund-${providerPaymentId}` },
          { idempotencyKey: `refund-${providerPaymentId}-${amountMinor}` },
        ),
      );
    },

    async chargeMandate(input): Promise<ProviderCharge> {
      const response = await call('charge stored card', () =>
        checkout.PaymentsApi.payments(
          {
            reference: input.metadata.payment_id,
            merchantAccount,
            amount: { value: input.amountMinor, currency: input.currency },
            paymentMethod: { type: adyen.Types.checkout.CardDetails.TypeEnum.Scheme, storedPaymentMethodId: input.providerMandateId },
            shopperReference: input.providerCustomerId ?? input.customerReference,
            // The member asked for this repeat order on our site, paying with the card on file.
            shopperInteraction: PaymentRequest.ShopperInteractionEnum.ContAuth,
            recurringProcessingModel: PaymentRequest.RecurringProcessingModelEnum.CardOnFile,
            returnUrl: input.returnUrl,
            shopperLocale: adyenLocale(input.locale, input.country),
            countryCode: input.country.toUpperCase(),
            metadata: { payment_id: input.metadata.payment_id, member_id: input.metadata.member_id },
          },
          { idempotencyKey: `charge-${input.metadata.payment_id}` },
        ),
      );
      if (!response.pspReference) throw new ProviderError(`Adyen charge answered ${response.resultCode ?? 'nothing'} without a pspReference`);
      const action = response.action as { url?: string } | null | undefined;
      const status = chargeStatus(response.resultCode);
      const url = status === 'open' ? action?.url : undefined;
      // A redirect without a URL cannot be followed: the charge failed for us.
      if (status === 'open' && !url) return { providerPaymentId: response.pspReference, status: 'failed', checkoutUrl: null };
      // The amount Adyen authorised (a partial authorisation is less); our own call, so our account.
      const held = response.amount ? { amountMinor: response.amount.value, currency: response.amount.currency, account } : undefined;
      return { providerPaymentId: response.pspReference, status, checkoutUrl: url ?? null, ...(held ? { held } : {}) };
    },

    async parseWebhook(request) {
      return parseAdyenNotification(request.body, options.hmacKey);
    },
  };
}
