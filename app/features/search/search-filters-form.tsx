import { useEffect, useState } from 'react';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE, type SearchFilters } from '../../../common/search/search-schema';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { RegionSelect } from '../../components/region-select';
import { CountryOptions } from '../../components/country-options';

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => SEARCH_MIN_AGE + i);

/** The filter form; only the filters of the site's search_fields setting show. */
export function SearchFiltersForm({ initial, onSearch, onClear }: { initial: SearchFilters; onSearch: (f: SearchFilters) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [f, setF] = useState<SearchFilters>(initial);
  useEffect(() => setF(initial), [initial]);
  const shows = (field: string) => settings.search_fields.includes(field);
  const set = (patch: Partial<SearchFilters>) => setF((prev) => ({ ...prev, ...patch }));

  return (
    <form
      className="row g-2 align-items-end mb-4"
      aria-label={t('search:filters.legend')}
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(f);
      }}
    >
      {shows('gender') && (
        <div className="col-6 col-md-2">
          <label htmlFor="search-gender" className="form-label small mb-1">{t('search:filters.gender')}</label>
          <select id="search-gender" className="form-select" value={f.gender ?? ''} onChange={(e) => set({ gender: (e.target.value || undefined) as SearchFilters['gender'] })}>
            <option value="">{t('search:filters.anyGender')}</option>
            <option value="female">{t('search:filters.female')}</option>
            <option value="male">{t('search:filters.male')}</option>
          </select>
        </div>
      )}
      {shows('country') && (
        <div className="col-6 col-md-3">
          <label htmlFor="search-country" className="form-label small mb-1">{t('search:filters.country')}</label>
          <select id="search-country" className="form-select" value={f.country ?? ''} onChange={(e) => set({ country: e.target.value || undefined, countryregion: undefined })}>
            <option value="">{t('search:filters.anyCountry')}</option>
            <CountryOptions />
          </select>
        </div>
      )}
      {shows('countryregion') && f.country && (
        <RegionSelect id="search-region" className="col-12 col-md-3" country={f.country} value={f.countryregion} onChange={(countryregion) => set({ countryregion })} anyLabel={t('search:filters.anyRegion')} labelClassName="form-label small mb-1" selectClassName="form-select" />
      )}
      {shows('min_age') && (
        <AgeSelect id="search-min-age" label={t('search:filters.minAge')} value={f.min_age} onChange={(min_age) => set({ min_age })} />
      )}
      {shows('max_age') && (
        <AgeSelect id="search-max-age" label={t('search:filters.maxAge')} value={f.max_age} onChange={(max_age) => set({ max_age })} />
      )}
      <div className="col-6 col-md-auto d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary">{t('search:filters.search')}</button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClear}>{t('search:filters.clear')}</button>
      </div>
    </form>
  );
}

/** A bound of the age range: a short select of the ages search allows, or none. */
function AgeSelect({ id, label, value, onChange }: { id: string; label: string; value: number | undefined; onChange: (age: number | undefined) => void }) {
  return (
    <div className="col-3 col-md-1">
      <label htmlFor={id} className="form-label small mb-1">{label}</label>
      <select id={id} className="form-select px-2" value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : Number(e.target.value))}>
        <option value="">–</option>
        {AGES.map((a) => (
          <option key={a} value={a}>{a}</option>
        ))}
      </select>
    </div>
  );
}
