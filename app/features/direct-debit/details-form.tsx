import { useState, type FormEvent } from 'react';
import { ADDRESS_FIELD_MAX, formatIbanAsTyped, HOLDER_MAX, normalizeIban, normalizeMobile } from '../../../common/direct-debit/direct-debit-rules';
import type { SavedAccount } from '../../../common/direct-debit/direct-debit-schemas';
import { TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { useTranslation } from '../../i18n/react';

export interface AccountDetails {
  holder: string;
  iban: string;
  street: string;
  house_number: string;
  postal_code: string;
  city: string;
  mobile: string;
}

const FIELDS = ['holder', 'iban', 'street', 'house_number', 'postal_code', 'city', 'mobile'] as const;

/** The fields a member left empty or got wrong, checked by the same rules as the API's. */
export function detailsErrors(values: AccountDetails, k: (key: string) => string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of FIELDS) if (!values[field].trim()) errors[field] = k('errors.required');
  if (values.iban.trim() && !normalizeIban(values.iban)) errors.iban = k('errors.iban');
  if (values.mobile.trim() && !normalizeMobile(values.mobile)) errors.mobile = k('errors.mobile');
  return errors;
}

export function initialDetails(saved: SavedAccount | null): AccountDetails {
  return {
    holder: saved?.holder ?? '',
    iban: '',
    street: saved?.street ?? '',
    house_number: saved?.house_number ?? '',
    postal_code: saved?.postal_code ?? '',
    city: saved?.city ?? '',
    mobile: saved?.mobile ?? '',
  };
}

/** Step one: account holder, IBAN (grouped in fours as typed), address and mobile number. */
export function DetailsForm(props: {
  values: AccountDetails;
  onChange: (values: AccountDetails) => void;
  fields: Record<string, string>;
  busy: boolean;
  savedIban: string | null;
  siteName: string;
  onSubmit: () => void;
}) {
  const { t } = useTranslation();
  const k = (key: string, vars?: Record<string, unknown>) => t(`direct-debit:${key}`, vars);
  const [touched, setTouched] = useState(false);
  const { values, fields } = props;
  const set = (field: keyof AccountDetails) => (event: { target: { value: string } }) =>
    props.onChange({ ...values, [field]: field === 'iban' ? formatIbanAsTyped(event.target.value) || event.target.value.toUpperCase() : event.target.value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    props.onSubmit();
  };
  const error = (field: string) => (touched || fields[field] ? fields[field] : undefined);

  return (
    <form onSubmit={submit} noValidate data-testid="dd-details">
      <TextField id="dd-holder" label={k('holder')} error={error('holder')} value={values.holder} onChange={set('holder')} autoComplete="name" maxLength={HOLDER_MAX} required />
      <TextField
        id="dd-iban"
        label={k('iban')}
        help={props.savedIban ? k('savedAccount', { iban: props.savedIban }) : k('ibanHelp')}
        error={error('iban')}
        value={values.iban}
        onChange={set('iban')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        maxLength={42}
        required
      />
      {/* On a 320 px phone the street takes the row: one-word labels ('Hausnummer') cannot wrap in a third of it. */}
      <div className="row g-2">
        <div className="col-12 col-sm-8">
          <TextField id="dd-street" label={k('street')} error={error('street')} value={values.street} onChange={set('street')} autoComplete="address-line1" maxLength={ADDRESS_FIELD_MAX} required />
        </div>
        <div className="col-5 col-sm-4">
          <TextField id="dd-house-number" label={k('houseNumber')} error={error('house_number')} value={values.house_number} onChange={set('house_number')} maxLength={20} required />
        </div>
        <div className="col-7 col-sm-4">
          <TextField id="dd-postal-code" label={k('postalCode')} error={error('postal_code')} value={values.postal_code} onChange={set('postal_code')} autoComplete="postal-code" maxLength={16} required />
        </div>
        <div className="col-12 col-sm-8">
          <TextField id="dd-city" label={k('city')} error={error('city')} value={values.city} onChange={set('city')} autoComplete="address-level2" maxLength={ADDRESS_FIELD_MAX} required />
        </div>
      </div>
      <TextField id="dd-mobile" label={k('mobile')} help={k('mobileHelp')} error={error('mobile')} value={values.mobile} onChange={set('mobile')} type="tel" autoComplete="tel" inputMode="tel" maxLength={30} required />
      <p className="small text-secondary">{k('mandate', { site: props.siteName })}</p>
      <SubmitButton busy={props.busy} busyLabel={k('sending')} className="btn btn-primary btn-lg w-100" testId="dd-send">
        {k('sendCode')}
      </SubmitButton>
    </form>
  );
}
