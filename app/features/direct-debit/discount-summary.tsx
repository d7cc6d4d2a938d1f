import type { DirectDebitPage } from '../../../common/direct-debit/direct-debit-schemas';
import { formatMoney } from '../../../common/payments/money';
import { FormAlert } from '../../components/form-alert';
import { useTranslation } from '../../i18n/react';
import { StruckPrice } from '../../components/struck-price';
import { formatPercent } from '../../../common/percent';

type Bundle = NonNullable<DirectDebitPage['bundle']>;

/**
 * The discount code on /directdebit, as the Pay screen shows it: the price list's amount struck
 * through beside what is charged, or why the named code does not apply (the server's words;
 * the page goes on at the normal price).
 */
export function DiscountSummary({ bundle, discount, error }: { bundle: Bundle; discount: DirectDebitPage['discount']; error: string | null }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, bundle.currency, i18n.language);
  if (error)
    return (
      <FormAlert variant="warning" testId="discount-error">
        {error}
      </FormAlert>
    );
  if (!discount) return null;
  const percent = formatPercent(discount.percentage, i18n.language);
  return (
    <div className="alert alert-success d-flex flex-wrap justify-content-between align-items-baseline gap-2" role="status" data-testid="dd-discount">
      <strong>{t('direct-debit:discount.applied', { code: discount.code, percent })}</strong>
      <span className="fw-semibold">
        <StruckPrice
          original={money(discount.original_amount)}
          now={money(bundle.amount_due)}
          originalLabel={t('direct-debit:discount.originalPrice')}
          nowLabel={t('direct-debit:discount.discountedPrice')}
        />
      </span>
    </div>
  );
}
