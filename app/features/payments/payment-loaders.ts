import { data, redirect, type AppLoadContext } from 'react-router';
import { paymentsEndpoints } from '../../../common/payments/payments-endpoints';
import type { ApiCallResult } from '../../../common/ssr/load-context';
import { paths } from '../../paths';
import { paymentCountryOf, withPaymentCountry } from './payment-country';

type Load<T> = (country: string | undefined) => Promise<ApiCallResult<T>>;

/**
 * Loads a page's prices in the member's payment country. A kept country the API refuses (the
 * site no longer serves it) falls back to the default country instead of an error page.
 * `onNotOffered`: what to do instead when the country chosen in the URL does not offer it.
 */
async function inPaymentCountry<T>(request: Request, load: Load<T>, useCookie = true, onNotOffered?: (country: string) => never) {
  const { country, chosen } = paymentCountryOf(request, useCookie);
  let result = await load(country);
  let kept = chosen;
  if (!result.ok && country && result.status >= 400 && result.status < 500 && result.status !== 403) {
    if (chosen && result.status === 404 && onNotOffered) onNotOffered(country);
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

/**
 * A bundle's methods. Bundles are priced per currency: a member who changes the country on
 * the Pay screen to one that does not offer this bundle chooses a bundle of that country.
 */
export const loadMethods = (context: AppLoadContext, request: Request, bundle: number) =>
  inPaymentCountry(
    request,
    (country) => context.api(paymentsEndpoints.methods, { query: { bundle, country } }),
    true,
    (country) => {
      throw redirect(withPaymentCountry(paths.credits(), country));
    },
  );
