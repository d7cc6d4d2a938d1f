import { METHOD_BRAND_NAMES, type PaymentMethod } from '../../../common/payments/payment-methods';
import type { TFunction } from '../../i18n/translator';

/** A brand stays as it is (iDEAL, BLIK); a generic method (card, bank transfer, direct debit) is translated. */
export function methodName(method: PaymentMethod, t: TFunction): string {
  return METHOD_BRAND_NAMES[method] ?? t(`payments:methods.${method}`);
}
