import type { ReactNode } from 'react';
import type { Bundle, CreditCosts } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { FREE_CONVERSATIONS, PHOTO_LIMIT_PREMIUM } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';

/**
 * The credit bundles of a payment country as cards: credits, price, price per message, the
 * best-value mark. `price` renders the price instead (a discount code's, on /credits).
 */
export function BundleCards({ bundles, action, price }: { bundles: readonly Bundle[]; action: (bundle: Bundle) => ReactNode; price?: (bundle: Bundle) => ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled mb-4" data-testid="bundles">
      {bundles.map((bundle) => (
        <li key={bundle.id} className="col">
          <div className={`card h-100 text-center shadow-sm ${bundle.best_value ? 'border-secondary border-2' : ''}`} data-testid="bundle">
            {bundle.best_value && (
              <div className="card-header bg-secondary text-white py-1 small fw-semibold" data-testid="best-value">
                {t('payments:bundle.bestValue')}
              </div>
            )}
            <div className="card-body d-flex flex-column gap-1">
              <div className="h4 mb-0">{t('payments:bundle.credits', { credits: bundle.credits })}</div>
              <div className="fs-5 fw-semibold" data-testid="bundle-price">
                {price ? price(bundle) : formatMoney(bundle.amount, bundle.currency, i18n.language)}
              </div>
              <div className="small text-body-secondary mb-2">
                {t('payments:bundle.perMessage', { price: formatMoney(bundle.price_per_message, bundle.currency, i18n.language) })}
              </div>
              <div className="mt-auto">{action(bundle)}</div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What a message, a chat photo and a gift cost on this site (spec 1: no surprise charges). */
export function CreditCostsList({ costs }: { costs: CreditCosts }) {
  const { t } = useTranslation();
  return (
    <section className="mb-4" data-testid="credit-costs">
      <h2 className="h5">{t('payments:credits.costsTitle')}</h2>
      <ul className="mb-0">
        <li>{t('payments:credits.costMessage', { credits: costs.message })}</li>
        <li>{t('payments:credits.costPhoto', { credits: costs.photo })}</li>
        <li>{t('payments:credits.costGift', { credits: costs.gift })}</li>
      </ul>
    </section>
  );
}

/** What the first purchase adds for good (spec 6). */
export function PremiumBenefits() {
  const { t } = useTranslation();
  const items = [
    t('payments:premium.photos'),
    t('payments:premium.ownPhotos', { count: PHOTO_LIMIT_PREMIUM }),
    t('payments:premium.conversations', { count: FREE_CONVERSATIONS }),
    t('payments:premium.history'),
    t('payments:premium.keep'),
  ];
  return (
    <section className="card card-body border-0 bg-body-tertiary mb-4" data-testid="premium-benefits">
      <h2 className="h5">{t('payments:premium.benefitsTitle')}</h2>
      <ul className="list-unstyled mb-0 d-grid gap-1">
        {items.map((item) => (
          <li key={item}>
            <span className="text-success me-2" aria-hidden="true">
              ✓
            </span>
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
