import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../paths';
import { useBundles } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { EmailSection } from './email-section';
import { InvisibleSection } from './invisible-section';
import { LanguageSection } from './language-section';
import { PasswordSection } from './password-section';
import { PageTitle } from '../../components/page-title';

/** The settings screen (spec section 2): e-mail, password, language, invisible mode; then what the route adds below. */
export function SettingsPage({ bundle, children }: { bundle: Record<string, unknown>; children?: ReactNode }) {
  const { t } = useBundles({ settings: bundle });
  const { user } = useRootData();
  if (!user) return null;
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 720 }}>
      <PageTitle text={t('settings:title')} />
      <h1 className="h3 mb-2">{t('settings:title')}</h1>
      <p className="text-body-secondary">{t('settings:intro')}</p>
      <p className="mb-4">
        <Link to={paths.notifications()} data-testid="notifications-link">
          {t('settings:notificationsLink')}
        </Link>
      </p>
      <EmailSection email={user.email} />
      <PasswordSection />
      <LanguageSection language={user.language} />
      <InvisibleSection invisible={user.invisible} />
      {children}
    </div>
  );
}
