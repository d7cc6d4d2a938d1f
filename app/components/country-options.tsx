import { countryName } from '../../common/i18n/format';
import { useRootData } from '../lib/use-root-data';

/** The site's countries as the options of a select, named in the page's language. */
export function CountryOptions() {
  const { locale, settings } = useRootData();
  return settings.countries.map((code) => (
    <option key={code} value={code}>
      {countryName(locale, code)}
    </option>
  ));
}
