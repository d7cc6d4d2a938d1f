import type { AppConfig } from '../../config';
import type { PaymentProvider } from './providers/payment-provider';
import type { TestProvider } from './providers/test-provider';
import type { SiteProviders } from './provider-routing';

/** The test provider is offered unless real providers are configured (TEST_PAYMENTS=auto), or as set. */
export function testPaymentsEnabled(config: Pick<AppConfig, 'TEST_PAYMENTS' | 'MOLLIE_API_KEYS' | 'ADYEN_API_KEY'>): boolean {
  if (config.TEST_PAYMENTS !== 'auto') return config.TEST_PAYMENTS === 'yes';
  return !config.MOLLIE_API_KEYS && !config.ADYEN_API_KEY;
}

/**
 * Each site's providers in order of preference: the real ones configured for it, then the
 * test provider when enabled (first when TEST_PAYMENTS=yes: a staging site pays nothing for real).
 */
export function configuredProviders(config: Pick<AppConfig, 'TEST_PAYMENTS' | 'MOLLIE_API_KEYS' | 'ADYEN_API_KEY'>, test: TestProvider): SiteProviders {
  const enabled = testPaymentsEnabled(config);
  const cache = new Map<string, readonly PaymentProvider[]>();
  return (siteKey) => {
    let list = cache.get(siteKey);
    if (!list) {
      const real: PaymentProvider[] = [];
      list = !enabled ? real : config.TEST_PAYMENTS === 'yes' ? [test, ...real] : [...real, test];
      cache.set(siteKey, list);
    }
    return list;
  };
}
