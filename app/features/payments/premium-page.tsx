import { Link } from 'react-router';
import type { CreditsPage as CreditsData } from '../../../common/payments/payment-schemas';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { PageTitle } from '../../components/page-title';
import { BundleCards, PremiumBenefits } from './bundle-cards';
import { CountryPicker } from './country-picker';
import { withPaymentCountry } from './payment-country';

/** /premium (spec 2, 6): the same bundles, framed as Premium: the first purchase makes it for good, no subscription. */
export function PremiumScreen({ bundle, data, chosen }: { bundle: Record<string, unknown>; data: CreditsData; chosen: boolean }) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 1080 }}>
      <PageTitle text={t('payments:premium.title')} />
      <h1 className="h3">{t('payments:premium.title')}</h1>
      <p className="lead">{data.paid_user ? t('payments:premium.already') : t('payments:premium.intro')}</p>
      <PremiumBenefits />
      <h2 className="h5">{t('payments:premium.packages')}</h2>
      <CountryPicker country={data.country} countries={data.countries} chosen={chosen} />
      <BundleCards
        bundles={data.bundles}
        action={(b) => (
          <Link className="btn btn-secondary w-100" to={withPaymentCountry(paths.creditsBundle(b.id), data.country)} data-testid={`choose-${b.id}`}>
            {t('payments:bundle.choosePremium')}
          </Link>
        )}
      />
    </div>
  );
}
