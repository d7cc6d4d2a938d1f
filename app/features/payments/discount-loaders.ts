import type { AppLoadContext } from 'react-router';
import { offersEndpoints } from '../../../common/offers/discount-code';
import { codeRequest, type DiscountState } from './discount-pricing';

/**
 * The discount of the credits and Pay pages: the code the URL names (a link, or the code
 * form), else the member's current offer, whose failure (none at all included) is ignored
 * (spec 8). A refused code leaves the page working at its normal prices.
 */
export async function loadDiscount(context: AppLoadContext, url: URL): Promise<DiscountState> {
  const wanted = codeRequest(url);
  if (wanted.kind === 'none') return { code: null, error: null, entered: '' };
  if (wanted.kind === 'offer') {
    // The offers end with the first payment: a paying member's page asks for none.
    if (context.user?.paid_user) return { code: null, error: null, entered: null };
    const offer = await context.api(offersEndpoints.discountCode, { query: { welcome: 'true' } }).catch(() => null);
    return { code: offer?.ok ? offer.body : null, error: null, entered: null };
  }
  const found = await context.api(offersEndpoints.discountCode, { query: { code: wanted.code } });
  if (!found.ok) return { code: null, error: found.message, entered: wanted.code };
  // An expired code prices nothing: the page says so beside the field, as for a refused one.
  return found.body.expired ? { code: null, error: null, expired: true, entered: wanted.code } : { code: found.body, error: null, entered: wanted.code };
}
