import { useEffect, useState } from 'react';
import { countryName } from '../../../common/i18n/format';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE, type SearchFilters } from '../../../common/search/search-schema';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { RegionSelect } from '../../components/region-select';

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => SEARCH_MIN_AGE + i);

/** The filter form; only the filters of the site's search_fields setting show. */
export function SearchFiltersForm({ initial, onSearch, onClear }: { initial: SearchFilters; onSearch: (f: SearchFilters) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const { settings, locale } = useRootData();
  const [f, setF] = useState<SearchFilters>(initial);
  useEffect(() => setF(initial), [initial]);
  const shows = (field: string) => settings.search_fields.includes(field);
  const set = (patch: Partial<SearchFilters>) => setF((prev) => ({ ...prev, ...patch }));
  const num = (v: string) => (v === '' ? undefined : Number(v));

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
            {settings.countries.map((code) => (
              <option key={code} value={code}>
                {countryName(locale, code)}
              </option>
            ))}
          </select>
        </div>
      )}
      {shows('countryregion') && f.country && (
        <RegionSelect id="search-region" className="col-12 col-md-3" country={f.country} value={f.countryregion} onChange={(countryregion) => set({ countryregion })} anyLabel={t('search:filters.anyRegion')} labelClassName="form-label small mb-1" selectClassName="form-select" />
      )}
      {shows('min_age') && (
        <div className="col-3 col-md-1">
          <label htmlFor="search-min-age" className="form-label small mb-1">{t('search:filters.minAge')}</label>
          <select id="search-min-age" className="form-select px-2" value={f.min_age ?? ''} onChange={(e) => set({ min_age: num(e.target.value) })}>
            <option value="">–</option>
            {AGES.map((a) => (
              <option key={a} value={a}>{a}</option>
            ))}
          </select>
        </div>
      )}
      {shows('max_age') && (
        <div className="col-3 col-md-1">
          <label htmlFor="search-max-age" className="form-label small mb-1">{t('search:filters.maxAge')}</label>
          <select id="search-max-age" className="form-select px-2" value={f.max_age ?? ''} onChange={(e) => set({ max_age: num(e.target.value) })}>
            <option value="">–</option>
            {AGES.map((a) => (
              <option key={a} value={a}>{a}</option>
            ))}
          </select>
        </div>
      )}
      <div className="col-6 col-md-auto d-flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary">{t('search:filters.search')}</button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClear}>{t('search:filters.clear')}</button>
      </div>
    </form>
  );
}
