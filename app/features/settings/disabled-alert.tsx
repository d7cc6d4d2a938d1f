import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { alertDismissed, dismissAlert } from '../../lib/alert-dismissal';
import { paths } from '../../paths';

/** "We have stopped sending you e-mails" under the top bar, with the way to the reasons and the switch back on. */
export default function DisabledAlert() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  // Read in the browser only: the server cannot know about the dismissal.
  useEffect(() => setVisible(!alertDismissed('notificationsDisabledAlert')), []);
  if (!visible) return null;
  return (
    <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mt-3 mb-0" role="status" data-testid="notifications-disabled-alert">
      <span className="flex-grow-1">{t('alerts.notificationsDisabled.text')}</span>
      <Link className="btn btn-sm btn-primary" to={paths.notifications()}>
        {t('alerts.notificationsDisabled.open')}
      </Link>
      <button
        type="button"
        className="btn-close"
        aria-label={t('alerts.dismiss')}
        data-testid="notifications-disabled-alert-dismiss"
        onClick={() => {
          dismissAlert('notificationsDisabledAlert');
          setVisible(false);
        }}
      />
    </div>
  );
}
