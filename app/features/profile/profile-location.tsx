import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { countryName } from '../../../common/i18n/format';
import { CITY_MAX_LENGTH } from '../../../common/profile/profile-rules';
import type { CountryRegions } from '../../../common/reference/regions-schema';
import { CountryOptions } from '../../components/country-options';
import { SelectField, TextField } from '../../components/form-field';
import { useTranslation } from '../../i18n/react';
import { locate } from '../../lib/geolocation';
import { useRootData } from '../../lib/use-root-data';
import type { FormState, Update } from './profile-form-state';

type LocateState = 'idle' | 'locating' | 'ok' | 'failed';

/** The location fields of the own profile: country, region and city, or the member's position filling them. */
export function ProfileLocation({ form, errors, update, regions }: { form: FormState; errors: Record<string, string>; update: Update; regions: CountryRegions | null | undefined }) {
  const { t } = useTranslation();
  const { locale, settings } = useRootData();
  const revalidator = useRevalidator();
  const [locating, setLocating] = useState<LocateState>('idle');
  const [placeName, setPlaceName] = useState('');

  async function fillFromMyLocation() {
    setLocating('locating');
    const result = await locate({ store: true });
    const place = result.place;
    if (result.state === 'ok' && place?.country && settings.countries.includes(place.country)) {
      update({ country: place.country, region: place.region ?? '', city: place.city ?? '' });
      setPlaceName([place.city, place.region_name, countryName(locale, place.country)].filter(Boolean).join(', '));
      setLocating('ok');
      void revalidator.revalidate();
    } else {
      setLocating('failed');
    }
  }

  const common = (name: 'country' | 'region' | 'city') => ({ id: `profile-${name}`, name, className: 'col-12 col-md-4 mb-3', error: errors[name], errorTestId: `error-${name}` });
  return (
    <>
      <button type="button" className="btn btn-outline-primary mb-3" onClick={() => void fillFromMyLocation()} disabled={locating === 'locating'} data-testid="use-location">
        <span aria-hidden="true">📍</span> {t('profile:useLocation')}
      </button>
      {locating !== 'idle' && (
        <div className="small mb-3" role="status">
          {locating === 'locating' ? t('profile:locating') : locating === 'ok' ? t('profile:locationFound', { place: placeName }) : t('profile:locationFailed')}
        </div>
      )}
      <div className="row">
        <SelectField
          {...common('country')}
          label={t('profile:fields.country')}
          value={form.country}
          onChange={(e) => update({ country: e.currentTarget.value, region: '' })}
          options={<CountryOptions />}
        />
        <SelectField
          {...common('region')}
          label={regions?.region_type_label ?? t('profile:fields.region')}
          value={form.region}
          onChange={(e) => update({ region: e.currentTarget.value })}
          options={
            <>
              <option value="">{t('profile:fields.noRegion')}</option>
              {/* The stored region stays selectable while the list loads. */}
              {!regions && form.region && <option value={form.region}>{form.region}</option>}
              {regions?.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </>
          }
        />
        <TextField
          {...common('city')}
          label={t('profile:fields.city')}
          value={form.city}
          maxLength={CITY_MAX_LENGTH}
          autoComplete="address-level2"
          onChange={(e) => update({ city: e.currentTarget.value })}
        />
      </div>
    </>
  );
}
