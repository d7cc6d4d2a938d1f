import { METHOD_COUNTRIES, PAYMENT_METHODS, type PaymentMethod } from '../../../common/payments/payment-methods';
import { currencyOf } from '../../../common/payments/money';
import type { PaymentProvider, ProviderKey } from './providers/payment-provider';

/** direct debit is collected by the product itself (SEPA, server/domain/direct-debit), not by a provider. */
export const OWN_COLLECTION = 'sepa';

export interface RoutedMethod {
  method: PaymentMethod;
  provider: ProviderKey | typeof OWN_COLLECTION;
}

/** The providers configured for one site, in order of preference. */
export type SiteProviders = (siteKey: string) => readonly PaymentProvider[];

/**
 * The routing table: which provider serves each of the 24 methods for a site and a payment
 * country. A method is offered where it is used (METHOD_COUNTRIES) and the first provider
 * configured for the site that serves it there takes it; a method no provider serves is not
 * offered at all.
 */
export class PaymentRouting {
  constructor(private readonly providersOf: SiteProviders) {}

  methods(siteKey: string, country: string): RoutedMethod[] {
    const currency = currencyOf(country);
    const providers = this.providersOf(siteKey);
    const served = providers.map((p) => ({ provider: p, methods: new Set(p.methods(country, currency)) }));
    const routed: RoutedMethod[] = [];
    for (const method of PAYMENT_METHODS) {
      const countries = METHOD_COUNTRIES[method] as readonly string[] | undefined;
      if (countries && !countries.includes(country)) continue;
      if (method === 'directdebit') {
        routed.push({ method, provider: OWN_COLLECTION });
        continue;
      }
      const first = served.find((s) => s.methods.has(method));
      if (first) routed.push({ method, provider: first.provider.key });
    }
    return routed;
  }

  route(siteKey: string, country: string, method: PaymentMethod): RoutedMethod | undefined {
    return this.methods(siteKey, country).find((m) => m.method === method);
  }

  /**
   * Another provider that serves the method in this country, for a retry after `failed` refused
   * it (spec 4: a failed card payment is retried with a card or an alternative provider).
   */
  alternative(siteKey: string, country: string, method: PaymentMethod, failed: string): PaymentProvider | undefined {
    const currency = currencyOf(country);
    return this.providersOf(siteKey).find((p) => p.key !== failed && p.methods(country, currency).includes(method));
  }

  /** A site's provider by key (a webhook names its provider; the payment row names the site). */
  provider(siteKey: string, key: string): PaymentProvider | undefined {
    return this.providersOf(siteKey).find((p) => p.key === key);
  }
}
