import { isPublicDeployment, type AppConfig } from '../../config';
import { createAdyenProvider } from './providers/adyen-provider';
import { createMollieProvider } from './providers/mollie-provider';
import type { PaymentProvider } from './providers/payment-provider';
import type { TestProvider } from './providers/test-provider';
import type { SiteProviders } from './provider-routing';

type ProviderConfig = Pick<
  AppConfig,
  | 'PUBLIC_ORIGIN'
  | 'TEST_PAYMENTS'
  | 'MOLLIE_API_KEYS'
  | 'MOLLIE_API_ENDPOINT'
  | 'ADYEN_API_KEY'
  | 'ADYEN_MERCHANT_ACCOUNTS'
  | 'ADYEN_HMAC_KEY'
  | 'ADYEN_ENVIRONMENT'
  | 'ADYEN_LIVE_URL_PREFIX'
  | 'ADYEN_CHECKOUT_ENDPOINT'
>;

/**
 * Whether the test provider is offered: as set, or with TEST_PAYMENTS=auto while no real provider
 * is configured, and never then in a public deployment: there a misspelt key variable would
 * otherwise hand out credits and Premium for nothing. Staging asks for it with TEST_PAYMENTS=yes.
 */
export function testPaymentsEnabled(config: Pick<ProviderConfig, 'PUBLIC_ORIGIN' | 'TEST_PAYMENTS' | 'MOLLIE_API_KEYS' | 'ADYEN_API_KEY'>): boolean {
  if (config.TEST_PAYMENTS !== 'auto') return config.TEST_PAYMENTS === 'yes';
  return !config.MOLLIE_API_KEYS && !config.ADYEN_API_KEY && !isPublicDeployment(config);
}

/**
 * The start log's line on payments, e.g. "payment providers: mollie, adyen; test checkout off":
 * the real providers of every site, or of each site when they differ, so a key that did not
 * take is seen at start rather than at the first payment.
 */
export function providersSummary(providersOf: SiteProviders, siteKeys: readonly string[], testCheckout: boolean): string {
  const bySite = siteKeys.map((site) => ({ site, real: providersOf(site).filter((p) => p.key !== 'test').map((p) => p.key).join(', ') || 'none' }));
  const same = bySite.every((s) => s.real === bySite[0]?.real);
  const providers = same ? (bySite[0]?.real ?? 'none') : bySite.map((s) => `${s.site}: ${s.real}`).join('; ');
  return `payment providers: ${providers}; test checkout ${testCheckout ? 'on' : 'off'}`;
}

/** A site's value from a JSON map by site key, '*' standing for every other site. */
function forSite(map: Record<string, string> | undefined, siteKey: string): string | undefined {
  return map?.[siteKey] ?? map?.['*'];
}

function realProviders(config: ProviderConfig, siteKey: string): PaymentProvider[] {
  const list: PaymentProvider[] = [];
  const mollieKey = forSite(config.MOLLIE_API_KEYS, siteKey);
  if (mollieKey) list.push(createMollieProvider({ apiKey: mollieKey, ...(config.MOLLIE_API_ENDPOINT ? { apiEndpoint: config.MOLLIE_API_ENDPOINT } : {}) }));
  const merchantAccount = forSite(config.ADYEN_MERCHANT_ACCOUNTS, siteKey);
  if (config.ADYEN_API_KEY && merchantAccount && config.ADYEN_HMAC_KEY) {
    list.push(
      createAdyenProvider({
        apiKey: config.ADYEN_API_KEY,
        merchantAccount,
        hmacKey: config.ADYEN_HMAC_KEY,
        environment: config.ADYEN_ENVIRONMENT,
        ...(config.ADYEN_LIVE_URL_PREFIX ? { liveUrlPrefix: config.ADYEN_LIVE_URL_PREFIX } : {}),
        ...(config.ADYEN_CHECKOUT_ENDPOINT ? { checkoutEndpoint: config.ADYEN_CHECKOUT_ENDPOINT } : {}),
      }),
    );
  }
  return list;
}

/**
 * Each site's providers in order of preference: Mollie, then Adyen for what Mollie lacks
 * (decision 0021), then the test provider when enabled (first when TEST_PAYMENTS=yes: a
 * staging site pays nothing for real). Built once per site, on first use.
 */
export function configuredProviders(config: ProviderConfig, test: TestProvider): SiteProviders {
  const enabled = testPaymentsEnabled(config);
  const cache = new Map<string, readonly PaymentProvider[]>();
  return (siteKey) => {
    let list = cache.get(siteKey);
    if (!list) {
      const real = realProviders(config, siteKey);
      list = !enabled ? real : config.TEST_PAYMENTS === 'yes' ? [test, ...real] : [...real, test];
      cache.set(siteKey, list);
    }
    return list;
  };
}
