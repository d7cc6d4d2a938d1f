import { METHOD_COUNTRIES, PAYMENT_METHODS, type PaymentMethod } from '../../../../common/payments/payment-methods';

/** How a provider serves one of our methods: its own method id(s) and the currencies it takes. */
export interface ProviderMethod {
  /** Mollie's `method`, or Adyen's payment method types (`allowedPaymentMethods`). */
  readonly ids: readonly string[];
  readonly currencies: readonly string[];
}

export type MethodCoverage = Partial<Record<PaymentMethod, ProviderMethod>>;

// Cards and wallets take every currency of the served countries; local methods only their own.
const ALL = ['EUR', 'PLN', 'DKK', 'SEK', 'NOK', 'CHF', 'GBP', 'USD', 'CAD', 'AUD', 'NZD'] as const;
const EUR = ['EUR'] as const;

/**
 * Mollie (@mollie/api-client 4.6 `PaymentMethod`). Visa, Mastercard and Maestro are Mollie's
 * `creditcard` (the payer picks the brand in Mollie's card form). Not offered: SOFORT and
 * giropay (Mollie lists them as historic: both schemes closed in 2024), Dankort, Carte Bancaire
 * and Nexi as methods of their own, and SEPA direct debit as a one-off payment (our direct
 * debit is our own mandate and pain.008 file).
 */
export const MOLLIE_COVERAGE: MethodCoverage = {
  creditcard: { ids: ['creditcard'], currencies: ALL },
  visa: { ids: ['creditcard'], currencies: ALL },
  mastercard: { ids: ['creditcard'], currencies: ALL },
  maestro: { ids: ['creditcard'], currencies: ALL },
  applepay: { ids: ['applepay'], currencies: ALL },
  paypal: { ids: ['paypal'], currencies: ALL },
  ideal: { ids: ['ideal'], currencies: EUR },
  bancontact: { ids: ['bancontact'], currencies: EUR },
  eps: { ids: ['eps'], currencies: EUR },
  przelewy24: { ids: ['przelewy24'], currencies: ['PLN', 'EUR'] },
  blik: { ids: ['blik'], currencies: ['PLN'] },
  mobilepay: { ids: ['mobilepay'], currencies: ['DKK', 'EUR'] },
  swish: { ids: ['swish'], currencies: ['SEK'] },
  vipps: { ids: ['vipps'], currencies: ['NOK'] },
  twint: { ids: ['twint'], currencies: ['CHF'] },
  satispay: { ids: ['satispay'], currencies: EUR },
  paysafecard: { ids: ['paysafecard'], currencies: EUR },
  banktransfer: { ids: ['banktransfer'], currencies: EUR },
};

/**
 * Adyen (Checkout API v72 payment method types). Card brands are Adyen brand names, so a
 * payment link for Visa offers only Visa; `scheme` is every card brand. Adyen adds what
 * Mollie lacks: Dankort and Carte Bancaire. Przelewy24 is Adyen's Polish online banking
 * (`onlineBanking_PL`). Not offered: SOFORT, giropay (closed), Satispay and Nexi.
 */
export const ADYEN_COVERAGE: MethodCoverage = {
  creditcard: { ids: ['scheme'], currencies: ALL },
  visa: { ids: ['visa'], currencies: ALL },
  mastercard: { ids: ['mc'], currencies: ALL },
  maestro: { ids: ['maestro'], currencies: ALL },
  dankort: { ids: ['dankort'], currencies: ['DKK'] },
  cartebancaire: { ids: ['cartebancaire'], currencies: EUR },
  applepay: { ids: ['applepay'], currencies: ALL },
  paypal: { ids: ['paypal'], currencies: ALL },
  ideal: { ids: ['ideal'], currencies: EUR },
  bancontact: { ids: ['bcmc', 'bcmc_mobile'], currencies: EUR },
  eps: { ids: ['eps'], currencies: EUR },
  przelewy24: { ids: ['onlineBanking_PL'], currencies: ['PLN'] },
  blik: { ids: ['blik'], currencies: ['PLN'] },
  mobilepay: { ids: ['mobilepay'], currencies: ['DKK', 'EUR'] },
  swish: { ids: ['swish'], currencies: ['SEK'] },
  vipps: { ids: ['vipps'], currencies: ['NOK'] },
  twint: { ids: ['twint'], currencies: ['CHF'] },
  paysafecard: { ids: ['paysafecard'], currencies: EUR },
  banktransfer: { ids: ['bankTransfer_IBAN'], currencies: EUR },
};

/** Our methods a provider serves in a payment country with its currency (local methods only at home). */
export function coveredMethods(coverage: MethodCoverage, country: string, currency: string): PaymentMethod[] {
  const upperCountry = country.toUpperCase();
  const upperCurrency = currency.toUpperCase();
  return PAYMENT_METHODS.filter((method) => {
    const entry = coverage[method];
    if (!entry || !entry.currencies.includes(upperCurrency)) return false;
    const countries = METHOD_COUNTRIES[method] as readonly string[] | undefined;
    return !countries || countries.includes(upperCountry);
  });
}

/** A stored card as members see it: the brand and the last four digits, never more of the number. */
export function cardLabel(brand: string, lastFour: string | undefined): string {
  const digits = (lastFour ?? '').replace(/\D/g, '').slice(-4);
  return digits ? `${brand} •••• ${digits}` : brand;
}
