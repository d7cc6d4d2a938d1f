import { useEffect, useState } from 'react';
import { useRevalidator } from 'react-router';
import { accountEndpoints } from '../../../common/account/account-endpoints';
import { api } from '../../lib/api';
import { useTranslation } from '../../i18n/react';
import { SettingsCard } from './settings-card';

/** Push states of spec section 4. */
type PushState = 'unknown' | 'unsupported' | 'denied' | 'capable' | 'subscribed';

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * What this browser can do with push, and on how many devices push is on. Asking for
 * permission and subscribing belong to the push service worker (a later part); a
 * subscription that exists can be turned off here.
 */
export function PushStatus({ devices }: { devices: number }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [state, setState] = useState<PushState>('unknown');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return setState('unsupported');
    if (Notification.permission === 'denied') return setState('denied');
    currentSubscription()
      .then((sub) => setState(sub ? 'subscribed' : 'capable'))
      .catch(() => setState('capable'));
  }, []);

  const turnOff = async () => {
    setBusy(true);
    try {
      const sub = await currentSubscription();
      if (sub) {
        await api.call(accountEndpoints.deletePush, { body: { endpoint: sub.endpoint } });
        await sub.unsubscribe();
      }
      setState('capable');
      await revalidator.revalidate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <SettingsCard id="notifications-push-title" title={t('settings:push.title')}>
      <p className="mb-2" data-testid="push-state" data-state={state}>
        {t(`settings:push.${state}`)}
      </p>
      <p className="text-body-secondary small mb-0" data-testid="push-devices">
        {t('settings:push.devices', { n: devices })}
      </p>
      {state === 'subscribed' && (
        <button type="button" className="btn btn-outline-primary btn-sm mt-3 align-self-start" onClick={() => void turnOff()} disabled={busy}>
          {t('settings:push.turnOff')}
        </button>
      )}
    </SettingsCard>
  );
}
