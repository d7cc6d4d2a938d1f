import { useEffect, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { isInstalledApp } from './installed-app';
import { showsBackButton } from './back-button-rules';

/**
 * The installed app's Back button in the top bar (spec 2). Decided after hydration: the display
 * mode and the history length are the browser's to tell, so the server renders none.
 */
export function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const matches = useMatches();
  const location = useLocation();
  const routeId = matches[matches.length - 1]?.id;
  const [shown, setShown] = useState(false);

  useEffect(() => {
    setShown(showsBackButton({ installedApp: isInstalledApp(window), routeId, historyLength: window.history.length }));
  }, [routeId, location.key]);

  if (!shown) return null;
  return (
    <button type="button" className="btn btn-link text-white rv-topbar-back" aria-label={t('nav.back')} title={t('nav.back')} data-testid="back-button" onClick={() => navigate(-1)}>
      <span aria-hidden="true">←</span>
    </button>
  );
}
