import { useState } from 'react';
import { countryName } from '../../../common/i18n/format';
import { SEARCH_MAX_AGE, type SearchFilters } from '../../../common/search/search-schema';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { RegionSelect } from '../../components/region-select';
import { CountryOptions } from '../../components/country-options';

const AGE_RANGES: [number, number][] = [
  [18, 25],
  [26, 35],
  [36, 45],
  [46, 55],
  [56, SEARCH_MAX_AGE],
];
const STEPS = 3;

/** A guided preference picker (who, age range, where) that ends in a search with those filters. */
export function MatchFinder({ onDone }: { onDone: (filters: SearchFilters) => void }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [step, setStep] = useState(1);
  const [f, setF] = useState<SearchFilters>({});
  const choose = (patch: Partial<SearchFilters>) => {
    setF((prev) => ({ ...prev, ...patch }));
    setStep((s) => Math.min(STEPS, s + 1));
  };
  const option = (active: boolean) => `btn btn-lg w-100 ${active ? 'btn-primary' : 'btn-outline-primary'}`;

  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <h1 className="h3 text-center mb-1">{t('search:finder.title')}</h1>
      <p className="text-center text-body-secondary small mb-3">{t('search:finder.step', { step, total: STEPS })}</p>
      <div className="progress mb-4" role="progressbar" aria-valuenow={step} aria-valuemin={1} aria-valuemax={STEPS} aria-label={t('search:finder.step', { step, total: STEPS })} style={{ height: 6 }}>
        <div className="progress-bar" style={{ width: `${(step / STEPS) * 100}%` }} />
      </div>
      {step === 1 && (
        <fieldset>
          <legend className="h5 mb-3">{t('search:finder.who')}</legend>
          <div className="d-grid gap-2">
            {(['female', 'male'] as const).map((g) => (
              <button key={g} type="button" className={option(f.gender === g)} onClick={() => choose({ gender: g })}>
                {t(`search:filters.${g}`)}
              </button>
            ))}
            <button type="button" className={option(false)} onClick={() => choose({ gender: undefined })}>
              {t('search:filters.anyGender')}
            </button>
          </div>
        </fieldset>
      )}
      {step === 2 && (
        <fieldset>
          <legend className="h5 mb-3">{t('search:finder.age')}</legend>
          <div className="d-grid gap-2">
            {AGE_RANGES.map(([min, max]) => (
              <button key={min} type="button" className={option(f.min_age === min)} onClick={() => choose({ min_age: min, max_age: max === SEARCH_MAX_AGE ? undefined : max })}>
                {max === SEARCH_MAX_AGE ? `${min}+` : `${min}–${max}`}
              </button>
            ))}
          </div>
        </fieldset>
      )}
      {step === 3 && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onDone(f);
          }}
        >
          <fieldset>
            <legend className="h5 mb-3">{t('search:finder.where')}</legend>
            <label htmlFor="finder-country" className="form-label">
              {t('search:filters.country')}
            </label>
            <select id="finder-country" className="form-select form-select-lg mb-3" value={f.country ?? ''} onChange={(e) => setF((p) => ({ ...p, country: e.target.value || undefined, countryregion: undefined }))}>
              <option value="">{t('search:filters.anyCountry')}</option>
              <CountryOptions />
            </select>
            {f.country && (
              <RegionSelect
                id="finder-region"
                country={f.country}
                value={f.countryregion}
                onChange={(countryregion) => setF((p) => ({ ...p, countryregion }))}
                anyLabel={t('search:finder.anywhere', { country: countryName(locale, f.country) })}
                labelClassName="form-label"
                selectClassName="form-select form-select-lg mb-3"
              />
            )}
          </fieldset>
          <button type="submit" className="btn btn-primary btn-lg w-100" data-testid="finder-show">
            {t('search:finder.show')}
          </button>
        </form>
      )}
      {step > 1 && (
        <button type="button" className="btn btn-link mt-3 px-0" onClick={() => setStep((s) => s - 1)}>
          {t('search:finder.back')}
        </button>
      )}
    </div>
  );
}
