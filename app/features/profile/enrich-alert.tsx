import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { loadNamespaces } from '../../i18n/namespaces';
import { alertDismissed } from '../../lib/alert-dismissal';
import { DismissibleAlert } from '../../components/dismissible-alert';

/** "Add a profile photo" under the top bar; dismissal is remembered in this browser. */
export default function EnrichAlert() {
  const { t, i18n } = useTranslation();
  const { locale } = useRootData();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let live = true;
    // Read in the browser only: the server cannot know about the dismissal.
    if (alertDismissed('enrichAlert')) return;
    void loadNamespaces(locale, i18n, ['profile']).then(() => live && setVisible(true));
    return () => {
      live = false;
    };
  }, [locale, i18n]);

  if (!visible) return null;
  return (
    <DismissibleAlert name="enrichAlert" variant="info" testId="enrich-alert" dismissLabel={t('profile:alert.dismiss')} onDismissed={() => setVisible(false)}>
      <span aria-hidden="true">📷</span>
      <span className="flex-grow-1">{t('profile:alert.text')}</span>
      <Link className="btn btn-sm btn-primary" to={paths.profile()} data-testid="enrich-alert-add">
        {t('profile:alert.add')}
      </Link>
    </DismissibleAlert>
  );
}
