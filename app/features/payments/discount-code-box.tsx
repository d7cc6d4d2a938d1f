import { useId } from 'react';
import { Form, Link } from 'react-router';
import type { DiscountCode } from '../../../common/offers/discount-code';
import type { CodeRefusal } from '../../../common/offers/discount-rules';
import type { PaymentMethod } from '../../../common/payments/payment-methods';
import { formatMoney } from '../../../common/payments/money';
import { countryName } from '../../../common/i18n/format';
import { useTranslation } from '../../i18n/react';
import type { TFunction } from '../../i18n/translator';
import { paths } from '../../paths';
import { FormAlert } from '../../components/form-alert';
import { useRootData } from '../../lib/use-root-data';
import { methodName } from './method-name';
import { PAYMENT_COUNTRY_PARAM, withPaymentCountry } from './payment-country';
import { formatPercent } from '../../../common/percent';
import { CODE_PARAM, withCode, type CodePrice, type DiscountState } from './discount-pricing';
import { StruckPrice } from '../../components/struck-price';

/** The payment methods a code is limited to, as one list in the reader's language ('iDEAL or PayPal'). */
function methodList(methods: readonly PaymentMethod[], t: TFunction, locale: string): string {
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(methods.map((m) => methodName(m, t)));
}

/** 'Code DEMO20: 20% off', or for the member's welcome offer or time bonus, the offer's name with it. */
function appliedText(code: DiscountCode, t: TFunction, locale: string): string {
  const percent = formatPercent(code.value_percentage, locale);
  const key = code.kind === 'welcome' || code.kind === 'time-bonus' ? 'payments:discount.appliedOffer' : 'payments:discount.applied';
  return t(key, { code: code.code, percent });
}

/**
 * /credits: the code that prices the page with a way to remove it, and a small form to type
 * one (a GET form: the code lands in the URL like a link's, and works before the JavaScript
 * has loaded). A refused code shows the server's message beside the field.
 */
export function DiscountCodeBox({ state, country, chosen }: { state: DiscountState; country: string; chosen: boolean }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { code, entered } = state;
  const error = useCodeError(state);
  const keepCountry = (href: string) => (chosen ? withPaymentCountry(href, country) : href);
  return (
    <>
      {code && (
        <section className="alert alert-success d-flex flex-wrap align-items-center justify-content-between gap-2" data-testid="discount-applied">
          <span>
            <strong>{appliedText(code, t, i18n.language)}</strong>
            {code.paymentmethods && (
              <span className="d-block small">
                {t('payments:discount.onlyMethods', {
                  methods: methodList(code.paymentmethods, t, i18n.language),
                })}
              </span>
            )}
          </span>
          <Link
            className="btn btn-outline-secondary d-inline-flex align-items-center"
            style={{ minHeight: 44 }}
            to={withCode(keepCountry(paths.credits()), '')}
            replace
            preventScrollReset
            data-testid="discount-remove"
          >
            {t('payments:discount.remove')}
          </Link>
        </section>
      )}
      <Form method="get" replace preventScrollReset className="mb-4" data-testid="discount-form" style={{ maxWidth: 420 }}>
        {chosen && <input type="hidden" name={PAYMENT_COUNTRY_PARAM} value={country} />}
        <label htmlFor={id} className="form-label small mb-1">
          {t('payments:discount.haveCode')}
        </label>
        <div className="input-group">
          <input
            id={id}
            name={CODE_PARAM}
            className={`form-control${error ? ' is-invalid' : ''}`}
            style={{ minHeight: 44 }}
            defaultValue={error ? (entered ?? '') : ''}
            key={`${entered ?? ''}|${error ?? ''}`}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className="btn btn-outline-primary" style={{ minHeight: 44 }} data-testid="discount-apply">
            {t('payments:discount.apply')}
          </button>
        </div>
        {error && (
          <div id={`${id}-error`} className="mt-2">
            <FormAlert variant="danger" testId="discount-error" className="py-2 mb-0">
              {error}
            </FormAlert>
          </div>
        )}
      </Form>
    </>
  );
}

/** Why the code the URL names prices nothing: the server's refusal, or its expiry. */
export function useCodeError(state: DiscountState): string | null {
  const { t } = useTranslation();
  return state.error ?? (state.expired ? t('payments:discount.refusal.expired') : null);
}

/** Why a code does not apply to an order, in the reader's language ('From €15.00', 'Only in the Netherlands'). */
export function useRefusalText(): (refusal: CodeRefusal, code: DiscountCode, method?: PaymentMethod) => string {
  const { t, i18n } = useTranslation();
  const { locale } = useRootData();
  return (refusal, code, method) => {
    switch (refusal) {
      case 'country':
        return t('payments:discount.refusal.country', {
          country: countryName(locale, code.country ?? ''),
        });
      case 'minimumOrder':
        return t('payments:discount.refusal.minimumOrder', {
          amount: formatMoney(code.minimum_order_value ?? 0, code.currency ?? 'EUR', i18n.language),
        });
      case 'paymentMethod':
        return t('payments:discount.refusal.paymentMethod', {
          code: code.code,
          method: method ? methodName(method, t) : '',
        });
      case 'expired':
        return t('payments:discount.refusal.expired');
      case 'notFound':
        return t('payments:discount.refusal.notFound');
    }
  };
}

/**
 * A price with the code: the original struck through beside what the member pays, or the
 * normal price alone (with the reason when the code does not apply here).
 */
export function DiscountedPrice({ code, price, currency, reason, className = '' }: { code: DiscountCode | null; price: CodePrice; currency: string; reason?: string | null; className?: string }) {
  const { t, i18n } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  if (!code || price.refusal) {
    return (
      <span className={className}>
        <span data-testid="price-now">{money(price.price)}</span>
        {reason && (
          <span className="d-block small fw-normal text-body-secondary" data-testid="discount-refusal">
            {reason}
          </span>
        )}
      </span>
    );
  }
  return (
    <span className={className}>
      <StruckPrice original={money(price.original)} now={money(price.price)} originalLabel={t('payments:discount.originalPrice')} nowLabel={t('payments:discount.discountedPrice')} />
    </span>
  );
}

/** The Pay screen's discount: the code with the original and discounted total, or why it does not apply here (the method, the country...). */
export function DiscountLine({ code, price, currency, method }: { code: DiscountCode; price: CodePrice; currency: string; method: PaymentMethod | undefined }) {
  const { t, i18n } = useTranslation();
  const refusalText = useRefusalText();
  return (
    <div className={`alert ${price.refusal ? 'alert-warning' : 'alert-success'} d-flex flex-wrap justify-content-between align-items-baseline gap-2`} role="status" data-testid="pay-discount">
      <strong>{appliedText(code, t, i18n.language)}</strong>
      {price.refusal ? (
        <span data-testid="discount-refusal">{refusalText(price.refusal, code, method)}</span>
      ) : (
        <DiscountedPrice code={code} price={price} currency={currency} className="fw-semibold" />
      )}
    </div>
  );
}
