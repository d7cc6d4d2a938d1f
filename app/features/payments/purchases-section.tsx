import { Link } from 'react-router';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';

/** The two texts the settings page needs of the payments namespace (the page does not carry all of it). */
export function purchasesBundle(all: Record<string, unknown>): Record<string, unknown> {
  const pick = (key: string) => (all[key] as Record<string, unknown> | undefined) ?? {};
  return { transactions: { title: pick('transactions').title }, credits: { transactions: pick('credits').transactions } };
}

/** Settings: the way to the member's purchases and invoices (/transactions). */
export function PurchasesSection({ bundle }: { bundle: Record<string, unknown> }) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  return (
    <section className="card" aria-labelledby="purchases-title" data-testid="purchases-section">
      <div className="card-body">
        <h2 id="purchases-title" className="h5">
          {t('payments:transactions.title')}
        </h2>
        <Link to={paths.transactions()}>{t('payments:credits.transactions')}</Link>
      </div>
    </section>
  );
}
