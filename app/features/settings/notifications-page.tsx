import { Link } from 'react-router';
import type { NotificationSettings } from '../../../common/account/notification-settings';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { DisabledNotice } from './disabled-notice';
import { EmailNotificationsForm } from './email-notifications-form';
import { PushStatus } from './push-status';
import { PushPreviewSwitch } from './push-preview-switch';
import { PageTitle } from '../../components/page-title';

/** The notifications screen (spec section 2): e-mail notification types, why e-mail stopped, push. */
export function NotificationsPage({ bundle, values }: { bundle: Record<string, unknown>; values: NotificationSettings }) {
  const { t } = useBundles({ settings: bundle });
  return (
    <div className="container py-4 py-md-5" style={{ maxWidth: 720 }}>
      <PageTitle text={t('settings:notifications.title')} />
      <p className="mb-2">
        <Link to={paths.settings()}>{t('settings:notifications.backToSettings')}</Link>
      </p>
      <h1 className="h3 mb-4">{t('settings:notifications.title')}</h1>
      <DisabledNotice reasons={values.notifications_disabled} />
      <EmailNotificationsForm values={values.email_notifications} />
      <PushStatus devices={values.push_subscriptions} />
      <PushPreviewSwitch showText={values.push_message_text} />
    </div>
  );
}
