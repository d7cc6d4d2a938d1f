import { Link } from 'react-router';
import type { Transaction } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { formatDate } from '../../../common/i18n/format';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { PageTitle } from '../../components/page-title';
import { useRootData } from '../../lib/use-root-data';
import { methodName } from './method-name';

export interface TransactionsProps {
  bundle: Record<string, unknown>;
  transactions: Transaction[];
  more: boolean;
  /** Whether this is a later page (`before` was given): offers the way back to the newest. */
  paged: boolean;
}

/** /transactions: the member's payments, newest first, a page at a time. */
export function TransactionsScreen({ bundle, transactions, more, paged }: TransactionsProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  const { locale } = useRootData();
  const last = transactions.at(-1);
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 800 }}>
      <PageTitle text={t('payments:transactions.title')} />
      <h1 className="h3 mb-3">{t('payments:transactions.title')}</h1>
      {transactions.length === 0 ? (
        <p data-testid="transactions-empty">{t('payments:transactions.empty')}</p>
      ) : (
        <ul className="list-group mb-3" data-testid="transactions">
          {transactions.map((tx) => (
            <li key={tx.payment_id} className="list-group-item" data-testid="transaction">
              <Link to={paths.transaction(tx.payment_id)} className="d-flex flex-wrap justify-content-between gap-2 text-decoration-none">
                <span>
                  <span className="fw-semibold">{t('payments:bundle.credits', { credits: tx.credits })}</span>
                  <span className="text-body-secondary"> · {methodName(tx.method, t)}</span>
                  <span className="d-block small text-body-secondary">{formatDate(locale, tx.date, 'medium')}</span>
                </span>
                <span className="text-end">
                  {tx.discount && (
                    <s className="d-block small text-body-secondary" data-testid="transaction-original">
                      {formatMoney(tx.discount.original_amount, tx.currency, i18n.language)}
                    </s>
                  )}
                  <span className="d-block fw-semibold">{formatMoney(tx.amount, tx.currency, i18n.language)}</span>
                  <StatusBadge status={tx.status} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="d-flex flex-wrap gap-3">
        {paged && <Link to={paths.transactions()}>{t('payments:transactions.newest')}</Link>}
        {more && last && (
          <Link to={`${paths.transactions()}?before=${encodeURIComponent(last.payment_id)}`} data-testid="transactions-more">
            {t('payments:transactions.more')}
          </Link>
        )}
        <Link to={paths.credits()}>{t('payments:credits.title')}</Link>
      </div>
    </div>
  );
}

const STATUS_VARIANT: Record<Transaction['status'], string> = {
  open: 'secondary',
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  canceled: 'secondary',
  expired: 'secondary',
  refunded: 'info',
  charged_back: 'danger',
};

export function StatusBadge({ status }: { status: Transaction['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`badge text-bg-${STATUS_VARIANT[status]}`} data-testid="transaction-status">
      {t(`payments:transactions.statuses.${status}`)}
    </span>
  );
}
