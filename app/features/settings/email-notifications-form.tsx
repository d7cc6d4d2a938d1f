import { EMAIL_NOTIFICATION_TYPES, type EmailNotificationType } from '../../../common/account/notification-settings';
import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { NoScriptSave, SettingsCard } from './settings-card';

/**
 * One switch per e-mail notification type (spec section 9). A change saves every switch at
 * once, so quick successive clicks end in the state the member sees; without JavaScript
 * the Save button does it.
 */
export function EmailNotificationsForm({ values }: { values: Record<EmailNotificationType, boolean> }) {
  const { t } = useTranslation();
  const { fetcher, result } = useSettingsForm('email-notifications');
  const pending = fetcher.formData;
  return (
    <SettingsCard id="notifications-email-title" title={t('settings:notifications.emailTitle')}>
      <p className="text-body-secondary">{t('settings:notifications.emailIntro')}</p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="email-notifications" />
        {EMAIL_NOTIFICATION_TYPES.map((type) => (
          <div className="form-check form-switch mb-2" key={type}>
            <input
              id={`notify-${type}`}
              name={type}
              type="checkbox"
              role="switch"
              className="form-check-input"
              checked={pending ? pending.get(type) === 'on' : values[type]}
              onChange={(event) => fetcher.submit(event.currentTarget.form)}
            />
            <label htmlFor={`notify-${type}`} className="form-check-label">
              {t(`settings:notifications.types.${type}`)}
            </label>
          </div>
        ))}
        <NoScriptSave className="btn btn-primary mt-2" />
      </fetcher.Form>
      <ResultAlert result={result} success={t('settings:notifications.saved')} testId="email-notifications" />
    </SettingsCard>
  );
}
