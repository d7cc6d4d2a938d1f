import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { alertDismissed } from '../../lib/alert-dismissal';
import { paths } from '../../paths';
import { DismissibleAlert } from '../../components/dismissible-alert';

/** "We have stopped sending you e-mails" under the top bar, with the way to the reasons and the switch back on. */
export default function DisabledAlert() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  // Read in the browser only: the server cannot know about the dismissal.
  useEffect(() => setVisible(!alertDismissed('notificationsDisabledAlert')), []);
  if (!visible) return null;
  return (
    <DismissibleAlert name="notificationsDisabledAlert" variant="warning" testId="notifications-disabled-alert" dismissLabel={t('alerts.dismiss')} onDismissed={() => setVisible(false)}>
      <span className="flex-grow-1">{t('alerts.notificationsDisabled.text')}</span>
      <Link className="btn btn-sm btn-primary" to={paths.notifications()}>
        {t('alerts.notificationsDisabled.open')}
      </Link>
    </DismissibleAlert>
  );
}
