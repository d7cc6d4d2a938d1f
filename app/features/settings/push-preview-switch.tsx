import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { NoScriptSave, SettingsCard } from './settings-card';

/**
 * Whether pushes about messages show the message's text (off by default: a lock screen is
 * seen by others, so a push names only the sender). Saves at once; without JavaScript the
 * Save button under it does.
 */
export function PushPreviewSwitch({ showText }: { showText: boolean }) {
  const { t } = useTranslation();
  const { fetcher, result } = useSettingsForm('push-text');
  // While saving (and reloading), the switch shows what was asked for.
  const checked = fetcher.formData ? fetcher.formData.get('push_message_text') === 'on' : showText;
  return (
    <SettingsCard id="notifications-push-text-title" title={t('settings:pushText.title')} spaced>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="push-text" />
        <div className="form-check form-switch">
          <input
            id="notifications-push-text"
            name="push_message_text"
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={checked}
            onChange={(event) => fetcher.submit(event.currentTarget.form)}
            aria-describedby="notifications-push-text-state"
          />
          <label htmlFor="notifications-push-text" className="form-check-label">
            {t('settings:pushText.label')}
          </label>
        </div>
        <p id="notifications-push-text-state" className="text-body-secondary small mt-2 mb-0" data-testid="push-text-state">
          {checked ? t('settings:pushText.on') : t('settings:pushText.off')}
        </p>
        <NoScriptSave className="btn btn-outline-primary btn-sm mt-2" />
      </fetcher.Form>
      <ResultAlert result={result} success={t('settings:pushText.saved')} testId="push-text" />
    </SettingsCard>
  );
}
