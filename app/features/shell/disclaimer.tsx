import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';

/** Legal line under the footer: adults only, fictional profiles, the company behind the site. */
export function Disclaimer() {
  const { t } = useTranslation();
  const { settings, company } = useRootData();
  return (
    <div className="bg-dark border-top border-secondary-subtle">
      <p className="container rv-disclaimer py-3 mb-0" data-testid="disclaimer">
        {t('disclaimer.adults', { minAge: settings.min_age })} {settings.fictional_warning}{' '}
        {t('disclaimer.company', { year: new Date().getFullYear(), company: company.name, address: company.addresses.single_line })}
      </p>
    </div>
  );
}
