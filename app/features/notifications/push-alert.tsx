import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { alertDismissed } from '../../lib/alert-dismissal';
import { ApiClientError } from '../../lib/api-client';
import { changePush, loadPush, usePush } from '../../lib/push-store';
import { useRootData } from '../../lib/use-root-data';
import { DismissibleAlert } from '../../components/dismissible-alert';
import { pushAlertShows } from './push-alert-rules';

/**
 * "Get a notification when someone writes or likes you" (spec 4): shown while push can be
 * offered in this browser (supported, not blocked, not yet on) and not dismissed here.
 */
export default function PushAlert() {
  const { t } = useTranslation();
  const siteKey = useRootData().settings.push_public_key;
  const { state } = usePush();
  const [dismissed, setDismissed] = useState(true);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // Read in the browser only: the server cannot know about the dismissal or the permission.
    setDismissed(alertDismissed('pushAlert'));
    void loadPush(siteKey);
  }, [siteKey]);

  if (!pushAlertShows(state, dismissed)) return null;

  const turnOn = async () => {
    setBusy(true);
    setError(null);
    try {
      await changePush(true, siteKey);
    } catch (e) {
      setError(e instanceof ApiClientError ? e.message : t('alerts.push.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <DismissibleAlert name="pushAlert" variant="info" testId="push-alert" dismissLabel={t('alerts.dismiss')} onDismissed={() => setDismissed(true)}>
      <span aria-hidden="true">🔔</span>
      <span className="flex-grow-1">{t('alerts.push.text')}</span>
      <button type="button" className="btn btn-primary py-2" onClick={() => void turnOn()} disabled={busy} aria-busy={busy} data-testid="push-alert-turn-on">
        {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
        {t('alerts.push.turnOn')}
      </button>
      {error && (
        <span className="w-100 text-danger small" role="alert" data-testid="push-alert-error">
          {error}
        </span>
      )}
    </DismissibleAlert>
  );
}
