import { useEffect } from 'react';
import { Link } from 'react-router';
import type { CreditsPage as CreditsData } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { PageTitle } from '../../components/page-title';
import { setWallet } from '../../lib/wallet';
import { BundleCards, CreditCostsList, PremiumBenefits } from './bundle-cards';
import { CountryPicker } from './country-picker';
import { methodName } from './method-name';
import { withPaymentCountry } from './payment-country';
import { carriedCode, priceWith, withCode, type DiscountState } from './discount-pricing';
import { DiscountCodeBox, DiscountedPrice, useRefusalText } from './discount-code-box';

export interface CreditsPageProps {
  bundle: Record<string, unknown>;
  data: CreditsData;
  chosen: boolean;
  /** The discount code that prices the bundles (by link, typed, or the member's offer), or why a named one was refused. */
  discount: DiscountState;
  memberId: number;
}

/**
 * /credits (spec 2, issue 25): the balance, the bundles of the payment country, what credits
 * buy, what Premium adds for a member who has not paid yet, and the last order to repeat.
 */
export function CreditsScreen({ bundle, data, chosen, discount, memberId }: CreditsPageProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  // The page's numbers are the newest: the top bar shows the same.
  useEffect(() => setWallet({ credits: data.balance, paid_user: data.paid_user }), [data.balance, data.paid_user]);
  const last = data.last_order;
  const { code } = discount;
  const carried = carriedCode(discount);
  const refusalText = useRefusalText();
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 1080 }}>
      <PageTitle text={t('payments:credits.title')} />
      <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
        <h1 className="h3 mb-0">{t('payments:credits.title')}</h1>
        <p className="mb-0">
          {t('payments:credits.balance')}: <strong data-testid="balance">{t('payments:credits.balanceValue', { credits: data.balance })}</strong>
        </p>
      </div>
      {last && (
        <section className="alert alert-info d-flex flex-wrap align-items-center justify-content-between gap-2" data-testid="repeat-entry">
          <span>
            <strong>{t('payments:credits.repeatTitle')}:</strong>{' '}
            {t('payments:credits.repeatText', { credits: last.credits, price: formatMoney(last.amount, last.currency, i18n.language), method: methodName(last.method, t) })}
          </span>
          <Link className="btn btn-primary" to={paths.repeatOrder()}>
            {t('payments:credits.repeatButton')}
          </Link>
        </section>
      )}
      <CountryPicker country={data.country} countries={data.countries} chosen={chosen} code={carried} />
      <DiscountCodeBox state={discount} country={data.country} chosen={chosen} />
      <h2 className="h5">{t('payments:credits.choose')}</h2>
      <BundleCards
        bundles={data.bundles}
        price={(b) => {
          const price = priceWith(code, { memberId, country: data.country, currency: b.currency, amountMinor: b.amount });
          return <DiscountedPrice code={code} price={price} currency={b.currency} reason={code && price.refusal ? refusalText(price.refusal, code) : null} />;
        }}
        action={(b) => (
          <Link className="btn btn-primary w-100" to={withCode(withPaymentCountry(paths.creditsBundle(b.id), data.country), carried)} data-testid={`choose-${b.id}`}>
            {t('payments:bundle.choose')}
          </Link>
        )}
      />
      <div className="row g-4">
        <div className="col-md-6">
          <CreditCostsList costs={data.costs} />
        </div>
        {!data.paid_user && (
          <div className="col-md-6">
            <PremiumBenefits />
          </div>
        )}
      </div>
      <p className="mb-0">
        <Link to={paths.transactions()} data-testid="transactions-link">
          {t('payments:credits.transactions')}
        </Link>
      </p>
    </div>
  );
}
