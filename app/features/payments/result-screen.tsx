import { Form, Link, useNavigation } from 'react-router';
import type { PaymentState, Transaction } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { FormAlert } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { resultView } from './payment-result';
import { usePaymentPoll } from './use-payment-poll';
import { formatPercent } from '../../../common/percent';
import { CODE_PARAM, withCode } from './discount-pricing';

export interface ResultScreenProps {
  bundle: Record<string, unknown>;
  initial: PaymentState;
  bundleId: number;
  /** For a retry: the payment country (null: the bundle is no longer offered, choose again) and a new key (a retry is a new payment). */
  country: string | null;
  idempotencyKey: string;
  error: string | undefined;
  /** The discount the payment was created with: shown, and a retry asks for it again (the server decides). */
  discount: Transaction['discount'];
}

/** Where the provider sends the member back to: processing (polled), completed, failed or cancelled, or credited later. */
export function ResultScreen({ bundle, initial, bundleId, country, idempotencyKey, error, discount }: ResultScreenProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  const { state, stalled } = usePaymentPoll(initial);
  const view = resultView(state.status, state.method);
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 640 }} data-testid="payment-result" data-view={view}>
      <PageTitle text={t('payments:result.title')} />
      <h1 className="h3">{t('payments:result.title')}</h1>
      {discount && (
        <p className="text-success" data-testid="result-discount">
          {t('payments:result.discount', {
            code: discount.code,
            percent: formatPercent(discount.percentage, i18n.language),
            original: formatMoney(discount.original_amount, state.currency, i18n.language),
          })}
        </p>
      )}
      {view === 'processing' && (
        <div role="status" className="d-flex align-items-start gap-3 my-4" data-testid="result-processing">
          <span className="spinner-border text-primary flex-shrink-0" aria-hidden="true" />
          <div>
            <p className="fw-semibold mb-1">{t('payments:result.processing')}</p>
            <p className="small text-body-secondary mb-0">{stalled ? t('payments:result.stalled') : t('payments:result.processingHint')}</p>
          </div>
        </div>
      )}
      {view === 'completed' && (
        <FormAlert variant="success" testId="result-completed">
          <p className="mb-1">{t('payments:result.completed', { credits: state.credits })}</p>
          {state.paid_user && <p className="mb-0 fw-semibold">{t('payments:result.premium')}</p>}
        </FormAlert>
      )}
      {view === 'deferred' && (
        <FormAlert variant="info" testId="result-deferred">
          {t('payments:result.deferred', { credits: state.credits })}
        </FormAlert>
      )}
      {view === 'reversed' && (
        <FormAlert variant="warning" testId="result-reversed">
          {t('payments:result.reversed')}
        </FormAlert>
      )}
      {view === 'failed' && (
        <>
          <FormAlert variant="danger" testId="result-failed">
            {t('payments:result.failed')}
          </FormAlert>
          {error && <FormAlert variant="danger" testId="pay-error">{error}</FormAlert>}
          <Form method="post" className="d-grid gap-2 d-sm-flex">
            <input type="hidden" name="method" value={state.method} />
            <input type="hidden" name="country" value={country ?? ''} />
            <input type="hidden" name="idempotency_key" value={idempotencyKey} />
            {discount && <input type="hidden" name={CODE_PARAM} value={discount.code} />}
            {country && (
              <button type="submit" className="btn btn-primary" disabled={busy} data-testid="retry">
                {t('payments:result.retry')}
              </button>
            )}
            <Link className="btn btn-outline-primary" to={withCode(paths.creditsBundle(bundleId), discount?.code ?? null)} data-testid="other-method">
              {t('payments:result.otherMethod')}
            </Link>
          </Form>
        </>
      )}
      {(view === 'completed' || view === 'deferred' || view === 'reversed') && (
        <div className="d-flex flex-wrap gap-2 mt-3">
          <Link className="btn btn-primary" to={paths.members()}>
            {t('payments:result.toMembers')}
          </Link>
          <Link className="btn btn-outline-primary" to={paths.transaction(state.payment_id)} data-testid="to-transaction">
            {t('payments:result.toTransaction')}
          </Link>
        </div>
      )}
    </div>
  );
}
