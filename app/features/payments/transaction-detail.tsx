import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TransactionDetail } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { countryName, formatDate } from '../../../common/i18n/format';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { PageTitle } from '../../components/page-title';
import { useRootData } from '../../lib/use-root-data';
import { methodName } from './method-name';
import { StatusBadge } from './transactions-screen';
import { formatPercent } from '../../../common/percent';

/** A VAT rate in basis points as the reader writes a percentage (2100: 21 %, 2550: 25,5 %). */
export function formatVatRate(rateBp: number, locale: string): string {
  return formatPercent(rateBp / 100, locale);
}

/** /transactions/{id}: one payment and its invoice block (the site's company, the buyer country's VAT). */
export function TransactionDetailScreen({ bundle, tx }: { bundle: Record<string, unknown>; tx: TransactionDetail }) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  const { locale } = useRootData();
  const money = (minor: number) => formatMoney(minor, tx.currency, i18n.language);
  const { invoice } = tx;
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 800 }}>
      <PageTitle text={t('payments:transactions.title')} />
      <p className="mb-2">
        <Link to={paths.transactions()}>{t('payments:transactions.back')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('payments:transactions.title')}</h1>
      <dl className="row mb-4" data-testid="transaction-detail">
        <Row label={t('payments:transactions.paymentId')}>
          <span className="text-break" data-testid="payment-id">{tx.payment_id}</span>
        </Row>
        <Row label={t('payments:transactions.credits')}>{tx.credits}</Row>
        <Row label={t('payments:transactions.method')}>{methodName(tx.method, t)}</Row>
        <Row label={t('payments:transactions.amount')}>
          <span data-testid="tx-amount">{money(tx.amount)}</span>
        </Row>
        {tx.discount && (
          <>
            <Row label={t('payments:transactions.originalAmount')}>
              <s data-testid="tx-original-amount">{money(tx.discount.original_amount)}</s>
            </Row>
            <Row label={t('payments:transactions.discount')}>
              <span data-testid="tx-discount">
                {t('payments:transactions.discountValue', { code: tx.discount.code, percent: formatPercent(tx.discount.percentage, i18n.language) })}
              </span>
            </Row>
          </>
        )}
        <Row label={t('payments:transactions.fee')}>{money(tx.fee)}</Row>
        <Row label={t('payments:transactions.date')}>{formatDate(locale, tx.date, 'long')}</Row>
        <Row label={t('payments:transactions.status')}>
          <StatusBadge status={tx.status} />
        </Row>
      </dl>
      <section className="card card-body" data-testid="invoice">
        <h2 className="h5">{t('payments:transactions.invoice')}</h2>
        <address className="mb-3">
          <strong>{invoice.company.name}</strong>
          {invoice.company.address.map((line) => (
            <span key={line} className="d-block">
              {line}
            </span>
          ))}
          {invoice.company.kvk && <span className="d-block">{t('payments:transactions.kvk', { kvk: invoice.company.kvk })}</span>}
          {invoice.company.vat_numbers.map((number) => (
            <span key={number} className="d-block">
              {t('payments:transactions.vatNumber', { number })}
            </span>
          ))}
        </address>
        <table className="table table-sm mb-0">
          <tbody>
            <tr>
              <th scope="row">{t('payments:transactions.excludingVat')}</th>
              <td className="text-end" data-testid="amount-excl">{money(invoice.amount_excluding_vat)}</td>
            </tr>
            <tr>
              <th scope="row">
                {t('payments:transactions.vatLine', { rate: formatVatRate(invoice.vat_rate, i18n.language), country: countryName(locale, invoice.country) })}
              </th>
              <td className="text-end" data-testid="vat">{money(invoice.vat)}</td>
            </tr>
            <tr>
              <th scope="row">{t('payments:transactions.includingVat')}</th>
              <td className="text-end fw-semibold" data-testid="amount-incl">{money(invoice.amount_including_vat)}</td>
            </tr>
          </tbody>
        </table>
      </section>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8">{children}</dd>
    </>
  );
}
