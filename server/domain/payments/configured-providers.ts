import type { AppConfig } from '../../config';
import { createAdyenProvider } from './providers/adyen-provider';
import { createMollieProvider } from './providers/mollie-provider';
import type { PaymentProvider } from './providers/payment-provider';
import type { TestProvider } from './providers/test-provider';
import type { SiteProviders } from './provider-routing';

type ProviderConfig = Pick<
  AppConfig,
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

/** The test provider is offered unless real providers are configured (TEST_PAYMENTS=auto), or as set. */
export function testPaymentsEnabled(config: Pick<ProviderConfig, 'TEST_PAYMENTS' | 'MOLLIE_API_KEYS' | 'ADYEN_API_KEY'>): boolean {
  if (config.TEST_PAYMENTS !== 'auto') return config.TEST_PAYMENTS === 'yes';
  return !config.MOLLIE_API_KEYS && !config.ADYEN_API_KEY;
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
