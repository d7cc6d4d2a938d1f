import { useEffect, useState, type ReactNode } from 'react';
import type { CountryRegions } from '../../common/reference/regions-schema';
import { referenceEndpoints } from '../../common/reference/reference-endpoints';
import { useTranslation } from '../i18n/react';
import { api } from '../lib/api';

/**
 * The regions of a country under that country's own naming (GET /api/regions.php, through
 * the API client: a network failure or a 5xx is retried): undefined while they load, null
 * when the country has none (or they could not be loaded).
 */
export function useRegions(country: string | undefined): CountryRegions | null | undefined {
  const [regions, setRegions] = useState<CountryRegions | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setRegions(country ? undefined : null);
    if (!country) return;
    api
      .call(referenceEndpoints.regions, { query: { country } })
      .then((body) => live && setRegions((body && body.countries[0]) || null))
      .catch(() => live && setRegions(null));
    return () => {
      live = false;
    };
  }, [country]);
  return regions;
}

/**
 * The region field of a chosen country (province, state, county... as the country names
 * them). It is there as soon as the country is chosen, disabled while the regions load, so
 * that what follows it does not move when they arrive (a click aimed at the button below
 * could land elsewhere); it goes, with its wrapper (`className`) and what is given inside
 * it (a field's error), only for a country without regions. Search, the match finder and
 * the signup use it (the profile form only the hook).
 */
export function RegionSelect({
  id,
  country,
  value,
  onChange,
  anyLabel,
  labelClassName,
  selectClassName,
  className,
  children,
}: {
  id: string;
  country: string;
  value: string | undefined;
  onChange: (region: string | undefined) => void;
  /** The first option: no region. */
  anyLabel: string;
  labelClassName: string;
  selectClassName: string;
  /** Of the wrapper around the label and the select. */
  className?: string;
  /** Shown after the select (a field's error). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const regions = useRegions(country);
  if (regions === null || regions?.regions.length === 0) return null;
  const loading = regions === undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {loading ? '\u00a0' : regions.region_type_label}
      </label>
      <select id={id} className={selectClassName} value={loading ? '' : (value ?? '')} disabled={loading} aria-busy={loading} aria-label={loading ? t('loading') : undefined} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">{loading ? t('loading') : anyLabel}</option>
        {!loading &&
          regions.regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
      </select>
      {children}
    </div>
  );
}
