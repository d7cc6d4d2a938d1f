import { Form, useNavigation } from 'react-router';
import { RECURRING_METHODS } from '../../../common/payments/payment-methods';
import type { TestCheckout } from '../../../common/payments/test-checkout';
import { formatMoney } from '../../../common/payments/money';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { FormAlert } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { MethodLogo } from './method-logo';
import { methodName } from './method-name';

/**
 * /test-checkout/{id}: the built-in test provider's hosted page, where a real provider's
 * checkout would be. Marked as a test so nobody takes it for a real payment.
 */
export function TestCheckoutScreen({ bundle, checkout, error }: { bundle: Record<string, unknown>; checkout: TestCheckout; error: string | undefined }) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  const busy = useNavigation().state !== 'idle';
  const open = checkout.status === 'open' || checkout.status === 'pending';
  return (
    <div className="container py-4" style={{ maxWidth: 560 }}>
      <PageTitle text={t('payments:checkout.title')} />
      <div className="alert alert-warning border-warning border-2 fw-bold text-center" role="note" data-testid="test-banner">
        {t('payments:checkout.banner')}
      </div>
      <h1 className="h4">{t('payments:checkout.title')}</h1>
      <dl className="row mb-3" data-testid="checkout-details">
        <dt className="col-5">{t('payments:checkout.method')}</dt>
        <dd className="col-7 d-flex align-items-center gap-2 flex-wrap">
          <MethodLogo method={checkout.method} />
          <span>{methodName(checkout.method, t)}</span>
        </dd>
        <dt className="col-5">{t('payments:checkout.amount')}</dt>
        <dd className="col-7 fw-semibold" data-testid="checkout-amount">
          {formatMoney(checkout.amount, checkout.currency, i18n.language)}
        </dd>
        <dt className="col-5">{t('payments:checkout.description')}</dt>
        <dd className="col-7 text-break">{checkout.description}</dd>
      </dl>
      {error && <FormAlert variant="danger">{error}</FormAlert>}
      {open ? (
        <Form method="post" className="d-grid gap-2">
          {RECURRING_METHODS.includes(checkout.method) && (
            <div className="form-check mb-2">
              <input className="form-check-input" type="checkbox" name="store_card" value="1" id="store-card" />
              <label className="form-check-label" htmlFor="store-card">
                {t('payments:checkout.storeCard')}
              </label>
            </div>
          )}
          <button type="submit" name="outcome" value="paid" className="btn btn-success btn-lg" disabled={busy} data-testid="checkout-paid">
            {t('payments:checkout.complete')}
          </button>
          <div className="d-grid gap-2 d-sm-flex">
            <button type="submit" name="outcome" value="failed" className="btn btn-outline-danger flex-fill" disabled={busy} data-testid="checkout-failed">
              {t('payments:checkout.fail')}
            </button>
            <button type="submit" name="outcome" value="canceled" className="btn btn-outline-secondary flex-fill" disabled={busy} data-testid="checkout-canceled">
              {t('payments:checkout.cancel')}
            </button>
            <button type="submit" name="outcome" value="pending" className="btn btn-outline-primary flex-fill" disabled={busy} data-testid="checkout-pending">
              {t('payments:checkout.pending')}
            </button>
          </div>
        </Form>
      ) : (
        <>
          <p data-testid="checkout-settled">{t('payments:checkout.settled', { status: t(`payments:transactions.statuses.${checkout.status}`) })}</p>
          <a className="btn btn-primary" href={checkout.return_url}>
            {t('payments:checkout.back')}
          </a>
        </>
      )}
    </div>
  );
}
