import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiClientError } from '../../lib/api-client';
import { changePush, loadPush, usePush } from '../../lib/push-store';
import { canOfferPush } from '../../lib/push-rules';
import { useRootData } from '../../lib/use-root-data';
import { useTranslation } from '../../i18n/react';
import { FormAlert } from '../../components/form-alert';
import { SettingsCard } from './settings-card';

/**
 * Push in this browser (spec 4: unknown, capable, subscribed, denied, or unsupported) and on
 * how many devices push is on; turns it on (permission, subscription, saved on the server)
 * and off. A blocked site is explained, since only the browser's settings can undo that.
 */
export function PushStatus({ devices }: { devices: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const siteKey = useRootData().settings.push_public_key;
  const { state } = usePush();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => void loadPush(siteKey), [siteKey]);

  const change = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await changePush(on, siteKey);
      await revalidator.revalidate();
    } catch (e) {
      // The server's message is translated; a browser's or push service's is not: ours instead.
      setError(e instanceof ApiClientError ? e.message : t(on ? 'settings:push.failedOn' : 'settings:push.failedOff'));
    } finally {
      setBusy(false);
    }
  };

  const button = (on: boolean) => (
    <button
      type="button"
      className={`btn ${on ? 'btn-primary' : 'btn-outline-primary'} py-2 mt-3 align-self-start`}
      onClick={() => void change(on)}
      disabled={busy}
      aria-busy={busy}
      data-testid={on ? 'push-turn-on' : 'push-turn-off'}
    >
      {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {t(on ? 'settings:push.turnOn' : 'settings:push.turnOff')}
    </button>
  );

  return (
    <SettingsCard id="notifications-push-title" title={t('settings:push.title')}>
      <p className="mb-2" data-testid="push-state" data-state={state}>
        {t(`settings:push.${state}`)}
      </p>
      {state === 'denied' && (
        <p className="small mb-2" data-testid="push-denied-help">
          {t('settings:push.deniedHelp')}
        </p>
      )}
      <p className="text-body-secondary small mb-0" data-testid="push-devices">
        {t('settings:push.devices', { n: devices })}
      </p>
      {canOfferPush(state) && button(true)}
      {state === 'subscribed' && button(false)}
      {error && (
        <FormAlert variant="danger" className="mt-3 mb-0" testId="push-error">
          {error}
        </FormAlert>
      )}
    </SettingsCard>
  );
}
