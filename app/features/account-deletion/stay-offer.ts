import { data, redirect, type AppLoadContext } from 'react-router';
import { offersEndpoints } from '../../../common/offers/discount-code';
import { paths } from '../../paths';

/** The form intent of the delete dialog's offer button (it posts to the /credits action). */
export const STAY_INTENT = 'stay';

/** What a failed claim answers the dialog. */
export interface StayOfferActionData {
  intent: typeof STAY_INTENT;
  error: string;
}

/**
 * The member accepts the delete-account offer: the API makes (once) their personal code of
 * the company's delete_discount, and the credits page opens with it applied. A page action,
 * so the post carries the same-origin check of every other form.
 */
export async function claimStayOffer(context: AppLoadContext, form: FormData) {
  if (form.get('intent') !== STAY_INTENT) throw data(null, { status: 400 });
  const result = await context.api(offersEndpoints.claimOffer, { body: { offer: STAY_INTENT } });
  if (!result.ok) return data<StayOfferActionData>({ intent: STAY_INTENT, error: result.message }, { status: result.status });
  throw redirect(`${paths.credits()}?code=${encodeURIComponent(result.body.code)}`);
}
