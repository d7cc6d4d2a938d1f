import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { NoScriptSave, SettingsCard } from './settings-card';

/**
 * Invisible mode (spec section 4): an invisible member is left out of every listing. The
 * switch saves at once; without JavaScript the Save button under it does.
 */
export function InvisibleSection({ invisible }: { invisible: boolean }) {
  const { t } = useTranslation();
  const { fetcher, result } = useSettingsForm('invisible');
  // While saving (and reloading), the switch shows what was asked for.
  const checked = fetcher.formData ? fetcher.formData.get('invisible') === 'on' : invisible;
  return (
    <SettingsCard id="settings-invisible-title" title={t('settings:invisible.title')} spaced>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="invisible" />
        <div className="form-check form-switch">
          <input
            id="settings-invisible"
            name="invisible"
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={checked}
            onChange={(event) => fetcher.submit(event.currentTarget.form)}
            aria-describedby="settings-invisible-state"
          />
          <label htmlFor="settings-invisible" className="form-check-label">
            {t('settings:invisible.label')}
          </label>
        </div>
        <p id="settings-invisible-state" className="text-body-secondary small mt-2 mb-0" data-testid="invisible-state">
          {checked ? t('settings:invisible.on') : t('settings:invisible.off')}
        </p>
        <NoScriptSave className="btn btn-outline-primary btn-sm mt-2" />
      </fetcher.Form>
      <ResultAlert result={result} success={t('settings:invisible.saved')} testId="invisible" />
    </SettingsCard>
  );
}
