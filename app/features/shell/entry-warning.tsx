import { lazy, Suspense, useEffect, useState } from 'react';
import { useRootData } from '../../lib/use-root-data';
import { shouldShowEntryWarning } from './entry-warning-rules';
import { isInstalledApp } from './installed-app';
import { alertDismissedAt, dismissAlert } from '../../lib/alert-dismissal';

// The modal's code is fetched only for visitors who will see it.
const EntryWarningModal = lazy(() => import('./entry-warning-modal'));

interface EntryWarningProps {
  /** Chat, lander and empty layouts: shown to NL and DE visitors only. */
  strictCountriesOnly?: boolean;
}

/** Decides in the browser (it needs local storage and the display mode) whether to warn. */
export function EntryWarning({ strictCountriesOnly = false }: EntryWarningProps) {
  const { settings, country, user } = useRootData();
  const loggedIn = user !== null;
  const [open, setOpen] = useState(false);

  useEffect(() => {
    setOpen(
      shouldShowEntryWarning({
        loggedIn,
        installedApp: isInstalledApp(window),
        dismissedAt: alertDismissedAt('entryWarning'),
        enableSetting: settings.enable_site_entry_popup,
        country,
        allowedCountries: settings.entry_popup_countries,
        strictCountriesOnly,
      }),
    );
  }, [settings, country, loggedIn, strictCountriesOnly]);

  if (!open) return null;
  const dismiss = () => {
    // Blocked storage: the warning closes for this page view at least.
    dismissAlert('entryWarning');
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <EntryWarningModal onEnter={dismiss} minAge={settings.min_age} siteName={settings.name} />
    </Suspense>
  );
}
