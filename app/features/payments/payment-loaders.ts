import { data, type AppLoadContext } from 'react-router';
import { paymentsEndpoints } from '../../../common/payments/payments-endpoints';
import type { ApiCallResult } from '../../../common/ssr/load-context';
import { paymentCountryOf } from './payment-country';

/**
 * Loads a page's price list in the member's payment country. A kept country the site no
 * longer serves is answered with a 4xx by the API: the page then shows the default country
 * instead of an error.
 */
async function inPaymentCountry<T>(request: Request, load: (country: string | undefined) => Promise<ApiCallResult<T>>, useCookie = true) {
  const { country, chosen } = paymentCountryOf(request, useCookie);
  let result = await load(country);
  let kept = chosen;
  if (!result.ok && country && result.status >= 400 && result.status < 500 && result.status !== 403) {
    result = await load(undefined);
    kept = false;
  }
  if (!result.ok) throw data(result.message, { status: result.status });
  return { body: result.body, chosen: kept };
}

/** The public price list: for a visitor from the URL alone (the page is shared between visitors). */
export const loadPricing = (context: AppLoadContext, request: Request) =>
  inPaymentCountry(request, (country) => context.api(paymentsEndpoints.pricing, { query: { country } }), context.user !== null);

export const loadCreditsPage = (context: AppLoadContext, request: Request) =>
  inPaymentCountry(request, (country) => context.api(paymentsEndpoints.credits, { query: { country } }));

export const loadMethods = (context: AppLoadContext, request: Request, bundle: number) =>
  inPaymentCountry(request, (country) => context.api(paymentsEndpoints.methods, { query: { bundle, country } }));
