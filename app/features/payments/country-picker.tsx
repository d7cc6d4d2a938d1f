import { useEffect, useId } from 'react';
import { Form, useNavigate, useSubmit } from 'react-router';
import { countryName } from '../../../common/i18n/format';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from '../../lib/use-hydrated';
import { useRootData } from '../../lib/use-root-data';
import { keptCountry, PAYMENT_COUNTRY_PARAM, rememberPaymentCountry } from './payment-country';
import { CODE_PARAM, withCode } from './discount-pricing';

/**
 * The payment country (spec 3 client state): a GET form, so it works before the JavaScript
 * has loaded; with it, a change applies at once. The member's choice is kept for the next
 * pages (`chosen`: the page shows a country the member picked, not the default). `code`: the
 * page's discount code, kept when the country changes (null: none named).
 */
export function CountryPicker({ country, countries, chosen, code = null }: { country: string; countries: readonly string[]; chosen: boolean; code?: string | null }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const id = useId();
  const submit = useSubmit();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    if (chosen) return rememberPaymentCountry(country);
    // A page rendered without the kept country (a visitor's shared page): apply it now.
    const kept = keptCountry(document.cookie, country, countries);
    if (kept) void navigate(withCode(`?${PAYMENT_COUNTRY_PARAM}=${kept}`, code), { replace: true, preventScrollReset: true });
  }, [chosen, country, countries, navigate, code]);
  if (countries.length < 2) return null;
  return (
    <Form method="get" replace preventScrollReset className="d-flex flex-wrap align-items-end gap-2 mb-4" data-testid="payment-country">
      {code !== null && <input type="hidden" name={CODE_PARAM} value={code} />}
      <div>
        <label htmlFor={id} className="form-label small mb-1">
          {t('payments:country.label')}
        </label>
        <select
          id={id}
          name={PAYMENT_COUNTRY_PARAM}
          className="form-select"
          defaultValue={country}
          key={country}
          onChange={(e) => void submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
        >
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(locale, code)}
            </option>
          ))}
        </select>
      </div>
      {!hydrated && (
        <button type="submit" className="btn btn-outline-primary">
          {t('payments:country.apply')}
        </button>
      )}
    </Form>
  );
}
