import { Form, Link, useNavigation } from 'react-router';
import type { CreditsPage } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { FormAlert } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { MethodLogo } from './method-logo';
import { methodName } from './method-name';

export interface RepeatOrderProps {
  bundle: Record<string, unknown>;
  last: CreditsPage['last_order'];
  idempotencyKey: string;
  error: string | undefined;
}

/**
 * /credits/repeat-order: the last bundle with the last method in one step (a stored card is
 * charged at once). When that fails, a card or another method (spec 4).
 */
export function RepeatOrderScreen({ bundle, last, idempotencyKey, error }: RepeatOrderProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  const busy = useNavigation().state !== 'idle';
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 640 }}>
      <PageTitle text={t('payments:repeat.title')} />
      <h1 className="h3">{t('payments:repeat.title')}</h1>
      {!last ? (
        <>
          <p data-testid="repeat-none">{t('payments:repeat.none')}</p>
          <Link className="btn btn-primary" to={paths.credits()}>
            {t('payments:credits.choose')}
          </Link>
        </>
      ) : (
        <>
          <div className="d-flex align-items-center gap-3 my-3" data-testid="repeat-summary">
            <MethodLogo method={last.method} />
            <span className="fs-5">
              {t('payments:repeat.summary', { credits: last.credits, price: formatMoney(last.amount, last.currency, i18n.language), method: methodName(last.method, t) })}
            </span>
          </div>
          <p className="small text-body-secondary">{last.one_step ? t('payments:repeat.oneStep') : t('payments:repeat.checkout')}</p>
          {error && (
            <FormAlert variant="danger" testId="repeat-error">
              <p className="mb-2">{error}</p>
              <p className="mb-2">{t('payments:repeat.failed')}</p>
              <div className="d-flex flex-wrap gap-2">
                {/* A stored card that failed: the card again through a checkout, or another method. */}
                <Link className="btn btn-sm btn-primary" to={paths.creditsBundle(last.bundle_id, 'creditcard')} data-testid="repeat-card">
                  {t('payments:repeat.withCard')}
                </Link>
                <Link className="btn btn-sm btn-outline-primary" to={paths.creditsBundle(last.bundle_id)} data-testid="repeat-other">
                  {t('payments:repeat.another')}
                </Link>
              </div>
            </FormAlert>
          )}
          <Form method="post">
            <input type="hidden" name="idempotency_key" value={idempotencyKey} />
            <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy} data-testid="repeat-submit">
              {busy ? t('payments:pay.busy') : t('payments:repeat.submit')}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
