import { Link } from 'react-router';
import type { Pricing } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { countryName } from '../../../common/i18n/format';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { PageTitle } from '../../components/page-title';
import { useRootData } from '../../lib/use-root-data';
import { CreditCostsList } from './bundle-cards';
import { CountryPicker } from './country-picker';

/** /pricing (public, from the footer): the price list of a payment country, the refund period and the return policy. */
export function PricingScreen({ bundle, data, chosen }: { bundle: Record<string, unknown>; data: Pricing; chosen: boolean }) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  const { locale, user } = useRootData();
  const money = (minor: number) => formatMoney(minor, data.currency, i18n.language);
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 800 }}>
      <PageTitle text={t('payments:pricing.title')} />
      <h1 className="h3">{t('payments:pricing.title')}</h1>
      <p>{t('payments:pricing.intro', { country: countryName(locale, data.country), currency: data.currency })}</p>
      <CountryPicker country={data.country} countries={data.countries} chosen={chosen} />
      <div className="table-responsive mb-4">
        <table className="table align-middle mb-0" data-testid="price-list">
          <thead>
            <tr>
              <th scope="col">{t('payments:pricing.credits')}</th>
              <th scope="col" className="text-end">
                {t('payments:pricing.price')}
              </th>
              <th scope="col" className="text-end">
                {t('payments:pricing.perMessage')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.bundles.map((b) => (
              <tr key={b.id} data-testid="price-row">
                <td>
                  {b.credits}
                  {b.best_value && <span className="badge text-bg-secondary ms-2">{t('payments:bundle.bestValue')}</span>}
                </td>
                <td className="text-end fw-semibold">{money(b.amount)}</td>
                <td className="text-end">{money(b.price_per_message)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CreditCostsList costs={data.costs} />
      <p data-testid="refund-days">
        {t('payments:pricing.refund', { count: data.refund_days })} <Link to={paths.page('return-policy')}>{t('payments:pricing.returnPolicy')}</Link>
      </p>
      {user && (
        <Link className="btn btn-primary" to={paths.credits()}>
          {t('payments:pricing.buy')}
        </Link>
      )}
    </div>
  );
}
