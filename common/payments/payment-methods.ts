import type { ServedCountryCode } from '../reference/countries';

/**
 * The 24 payment methods of spec section 9, by key. Which of them a member is offered depends
 * on the payment country and on which configured provider serves the method there
 * (server/domain/payments/provider-routing.ts).
 */
export const PAYMENT_METHODS = [
  'creditcard',
  'visa',
  'mastercard',
  'maestro',
  'applepay',
  'paypal',
  'ideal',
  'bancontact',
  'sofort',
  'giropay',
  'eps',
  'przelewy24',
  'blik',
  'dankort',
  'mobilepay',
  'swish',
  'vipps',
  'twint',
  'satispay',
  'cartebancaire',
  'nexi',
  'paysafecard',
  'banktransfer',
  'directdebit',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(x: unknown): x is PaymentMethod {
  return typeof x === 'string' && (PAYMENT_METHODS as readonly string[]).includes(x);
}

/**
 * The countries where a method is offered at all (a local method outside its country would
 * only fail at the provider); undefined: everywhere its provider serves it.
 */
export const METHOD_COUNTRIES: Partial<Record<PaymentMethod, readonly ServedCountryCode[]>> = {
  ideal: ['NL'],
  bancontact: ['BE'],
  sofort: ['DE', 'AT', 'BE', 'NL', 'CH', 'IT', 'ES'],
  giropay: ['DE'],
  eps: ['AT'],
  przelewy24: ['PL'],
  blik: ['PL'],
  dankort: ['DK'],
  mobilepay: ['DK', 'FI'],
  swish: ['SE'],
  vipps: ['NO'],
  twint: ['CH'],
  satispay: ['IT'],
  cartebancaire: ['FR'],
  nexi: ['IT'],
  directdebit: ['NL', 'BE', 'LU', 'DE', 'AT', 'FI', 'FR', 'IT', 'ES', 'IE'],
  banktransfer: ['NL', 'BE', 'LU', 'DE', 'AT', 'FI', 'FR', 'IT', 'ES', 'IE'],
};

/** Methods that settle later (a bank transfer, a SEPA collection): the result page says so instead of waiting. */
export const DEFERRED_METHODS: readonly PaymentMethod[] = ['banktransfer', 'directdebit'];

/** Brand names are not translated; the generic methods have a translation key in the credits namespace. */
export const METHOD_BRAND_NAMES: Partial<Record<PaymentMethod, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  maestro: 'Maestro',
  applepay: 'Apple Pay',
  paypal: 'PayPal',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  sofort: 'SOFORT',
  giropay: 'Giropay',
  eps: 'EPS',
  przelewy24: 'Przelewy24',
  blik: 'BLIK',
  dankort: 'Dankort',
  mobilepay: 'MobilePay',
  swish: 'Swish',
  vipps: 'Vipps',
  twint: 'TWINT',
  satispay: 'Satispay',
  cartebancaire: 'Carte Bancaire',
  nexi: 'Nexi',
  paysafecard: 'paysafecard',
};

/** Methods whose payer can allow later charges without a new checkout (a stored card): repeat order in one step. */
export const RECURRING_METHODS: readonly PaymentMethod[] = ['creditcard', 'visa', 'mastercard', 'maestro'];
