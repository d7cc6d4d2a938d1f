import { useState } from 'react';
import { CITY_MAX_LENGTH } from '../../../common/signup/signup-rules';
import { RegionSelect } from '../../components/region-select';
import { useTranslation } from '../../i18n/react';
import { locate } from '../../lib/geolocation';
import { useRootData } from '../../lib/use-root-data';
import { FieldError, type StepProps } from './signup-steps';
import { SelectField, TextField } from '../../components/form-field';
import { CountryOptions } from '../../components/country-options';

type LocateState = 'idle' | 'locating' | 'ok' | 'unavailable' | 'denied';

/** Step 3: country, region and city; the browser's position fills them in when allowed. */
export function LocationStep({ draft, update, errors }: StepProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [locating, setLocating] = useState<LocateState>('idle');

  async function fillFromMyPosition() {
    setLocating('locating');
    const result = await locate();
    if (result.state === 'ok' && result.place?.country && settings.countries.includes(result.place.country)) {
      update({ country: result.place.country, region: result.place.region ?? '', city: result.place.city ?? draft.city });
      setLocating('ok');
    } else {
      setLocating(result.state === 'denied' ? 'denied' : 'unavailable');
    }
  }

  return (
    <>
      <h2 className="h4">{t('signup:location.title')}</h2>
      <p className="text-body-secondary">{t('signup:location.text')}</p>
      <button type="button" className="btn btn-outline-primary mb-3" onClick={() => void fillFromMyPosition()} disabled={locating === 'locating'}>
        <span aria-hidden="true">📍</span> {t('signup:location.useMyLocation')}
      </button>
      {locating !== 'idle' && (
        <div className="small mb-3" role="status" data-testid="locate-status">
          {t(`signup:location.${locating === 'ok' ? 'located' : locating}`)}
        </div>
      )}
      <SelectField
        id="signup-country"
        label={t('signup:location.country')}
        error={errors.country}
        errorRole="alert"
        value={draft.country}
        onChange={(e) => update({ country: e.target.value, region: '' })}
        options=<CountryOptions />
      />
      <RegionSelect
        id="signup-region"
        className="mb-3"
        country={draft.country}
        value={draft.region || undefined}
        onChange={(region) => update({ region: region ?? '' })}
        anyLabel={t('signup:location.chooseRegion')}
        labelClassName="form-label"
        selectClassName={`form-select${errors.region ? ' is-invalid' : ''}`}
      >
        <FieldError id="signup-region-error" message={errors.region} />
      </RegionSelect>
      <TextField id="signup-city" label={t('signup:location.city')} autoComplete="address-level2" maxLength={CITY_MAX_LENGTH} value={draft.city} onChange={(e) => update({ city: e.target.value })} />
    </>
  );
}
