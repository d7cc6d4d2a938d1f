import { useEffect, useState } from 'react';
import { countryName } from '../../../common/i18n/format';
import { SEARCH_MAX_AGE, SEARCH_MIN_AGE, type SearchFilters } from '../../../common/search/search-schema';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../shell/use-root-data';

interface CountryRegions {
  country: string;
  region_type_label: string;
  regions: { code: string; name: string }[];
}

/** The regions of a country under that country's own naming (GET /api/regions.php). */
export function useRegions(country: string | undefined): CountryRegions | null {
  const [regions, setRegions] = useState<CountryRegions | null>(null);
  useEffect(() => {
    let live = true;
    setRegions(null);
    if (!country) return;
    fetch(`/api/regions.php?country=${encodeURIComponent(country)}`, { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ countries: CountryRegions[] }>) : { countries: [] }))
      .then((body) => live && setRegions(body.countries[0] ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [country]);
  return regions;
}

const AGES = Array.from({ length: SEARCH_MAX_AGE - SEARCH_MIN_AGE + 1 }, (_, i) => SEARCH_MIN_AGE + i);

/** The filter form; only the filters of the site's search_fields setting show. */
export function SearchFiltersForm({ initial, onSearch, onClear }: { initial: SearchFilters; onSearch: (f: SearchFilters) => void; onClear: () => void }) {
  const { t } = useTranslation();
  const { settings, locale } = useRootData();
  const [f, setF] = useState<SearchFilters>(initial);
  useEffect(() => setF(initial), [initial]);
  const regions = useRegions(f.country);
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
      {shows('countryregion') && f.country && regions && regions.regions.length > 0 && (
        <div className="col-12 col-md-3">
          <label htmlFor="search-region" className="form-label small mb-1">{regions.region_type_label}</label>
          <select id="search-region" className="form-select" value={f.countryregion ?? ''} onChange={(e) => set({ countryregion: e.target.value || undefined })}>
            <option value="">{t('search:filters.anyRegion')}</option>
            {regions.regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r.name}
              </option>
            ))}
          </select>
        </div>
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
      <div className="col-6 col-md-auto d-flex gap-2">
        <button type="submit" className="btn btn-primary">{t('search:filters.search')}</button>
        <button type="button" className="btn btn-outline-secondary" onClick={onClear}>{t('search:filters.clear')}</button>
      </div>
    </form>
  );
}
