import { useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import type { PaymentMethod } from '../../../common/payments/payment-methods';
import type { PaymentMethods } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { FormAlert } from '../../components/form-alert';
import { PageTitle } from '../../components/page-title';
import { CountryPicker } from './country-picker';
import { MethodLogo } from './method-logo';
import { methodName } from './method-name';
import { carriedCode, CODE_PARAM, priceWith, withCode, type DiscountState } from './discount-pricing';
import { DiscountLine, useCodeError } from './discount-code-box';

export interface PayScreenProps {
  bundle: Record<string, unknown>;
  data: PaymentMethods;
  chosen: boolean;
  /** The method in the URL (/credits/{id}/{method}), preselected when offered. */
  method: PaymentMethod | undefined;
  /** Made once per Pay screen: a double click, or a retried request, starts one payment. */
  idempotencyKey: string;
  error: string | undefined;
  /** The discount code passed on from /credits (or the member's offer), or why a named one was refused. */
  discount: DiscountState;
  memberId: number;
}

/** Picks the method in the URL when offered, else the last used (listed first), else the first. */
export function preselect(methods: PaymentMethods['methods'], wanted: PaymentMethod | undefined): PaymentMethod | undefined {
  if (wanted && methods.some((m) => m.method === wanted)) return wanted;
  return (methods.find((m) => m.last_used) ?? methods[0])?.method;
}

/** /credits/{id}/{paymentmethod?}: how to pay bundle `id` in the payment country, then Pay. */
export function PayScreen({ bundle, data, chosen, method, idempotencyKey, error, discount, memberId }: PayScreenProps) {
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'payments', bundle);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST';
  const [selected, setSelected] = useState(() => preselect(data.methods, method));
  const current = data.methods.some((m) => m.method === selected) ? selected : preselect(data.methods, method);
  const { code } = discount;
  const order = { memberId, country: data.country, currency: data.bundle.currency, amountMinor: data.bundle.amount };
  // What the chosen method will be charged: the code's price only where the code applies.
  const charged = priceWith(code, { ...order, method: current });
  const codeApplies = priceWith(code, order).refusal === null;
  const codeError = useCodeError(discount);
  const price = formatMoney(charged.price, data.bundle.currency, i18n.language);
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 640 }}>
      <PageTitle text={t('payments:pay.title')} />
      <h1 className="h3">{t('payments:pay.title')}</h1>
      <p className="lead mb-3" data-testid="pay-summary">
        {t('payments:pay.summary', { credits: data.bundle.credits, price })}
      </p>
      {code && <DiscountLine code={code} price={charged} currency={data.bundle.currency} method={current} />}
      {codeError && (
        <FormAlert variant="warning" testId="discount-error">
          {codeError}
        </FormAlert>
      )}
      <CountryPicker country={data.country} countries={data.countries} chosen={chosen} code={carriedCode(discount)} />
      {error && <FormAlert variant="danger" testId="pay-error">{error}</FormAlert>}
      {data.methods.length === 0 ? (
        <FormAlert variant="warning" testId="no-methods">
          {t('payments:pay.none')}
        </FormAlert>
      ) : (
        <Form method="post" replace>
          <input type="hidden" name="country" value={data.country} />
          <input type="hidden" name="idempotency_key" value={idempotencyKey} />
          {code && charged.refusal === null && <input type="hidden" name={CODE_PARAM} value={code.code} />}
          <fieldset className="mb-3">
            <legend className="h6">{t('payments:pay.methods')}</legend>
            <div className="list-group" data-testid="methods">
              {data.methods.map((m) => (
                <label key={m.method} className={`list-group-item list-group-item-action d-flex align-items-center gap-3 py-2 ${current === m.method ? 'active' : ''}`} data-testid={`method-${m.method}`}>
                  <input
                    type="radio"
                    className="form-check-input flex-shrink-0 m-0"
                    name="method"
                    value={m.method}
                    checked={current === m.method}
                    onChange={() => setSelected(m.method)}
                  />
                  <MethodLogo method={m.method} />
                  <span className="flex-grow-1 text-break">
                    {methodName(m.method, t)}
                    {code && codeApplies && priceWith(code, { ...order, method: m.method }).refusal && (
                      <small className="d-block" data-testid="method-no-discount">
                        {t('payments:discount.noDiscount')}
                      </small>
                    )}
                  </span>
                  {m.last_used && <span className="badge text-bg-light border">{t('payments:pay.lastUsed')}</span>}
                </label>
              ))}
            </div>
          </fieldset>
          <button type="submit" className="btn btn-primary btn-lg w-100" disabled={busy || !current} data-testid="pay">
            {busy ? t('payments:pay.busy') : t('payments:pay.submit', { price })}
          </button>
          <p className="small text-body-secondary mt-2">{t('payments:pay.provider')}</p>
        </Form>
      )}
      <p className="mt-3 mb-0">
        <Link to={withCode(paths.credits(), carriedCode(discount))}>{t('payments:pay.otherBundle')}</Link>
      </p>
    </div>
  );
}
