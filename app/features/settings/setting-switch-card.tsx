import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { NoScriptSave, SettingsCard } from './settings-card';

interface SettingSwitchCardProps {
  /** The page action's intent; also names the state's and the result's test ids. */
  intent: string;
  /** The form field the action reads ('on' when set). */
  field: string;
  /** The input's id; the card's title and the state line are named after it. */
  inputId: string;
  /** Translation prefix with `title`, `label`, `on`, `off` and `saved`. */
  keys: string;
  value: boolean;
}

/**
 * One setting as a switch in its own card: it saves at once; without JavaScript the Save
 * button under it does. While saving (and reloading), the switch shows what was asked for.
 */
export function SettingSwitchCard({ intent, field, inputId, keys, value }: SettingSwitchCardProps) {
  const { t } = useTranslation();
  const { fetcher, result } = useSettingsForm(intent);
  const checked = fetcher.formData ? fetcher.formData.get(field) === 'on' : value;
  return (
    <SettingsCard id={`${inputId}-title`} title={t(`${keys}.title`)} spaced>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value={intent} />
        <div className="form-check form-switch">
          <input
            id={inputId}
            name={field}
            type="checkbox"
            role="switch"
            className="form-check-input"
            checked={checked}
            onChange={(event) => fetcher.submit(event.currentTarget.form)}
            aria-describedby={`${inputId}-state`}
          />
          <label htmlFor={inputId} className="form-check-label">
            {t(`${keys}.label`)}
          </label>
        </div>
        <p id={`${inputId}-state`} className="text-body-secondary small mt-2 mb-0" data-testid={`${intent}-state`}>
          {checked ? t(`${keys}.on`) : t(`${keys}.off`)}
        </p>
        <NoScriptSave className="btn btn-outline-primary btn-sm mt-2" />
      </fetcher.Form>
      <ResultAlert result={result} success={t(`${keys}.saved`)} testId={intent} />
    </SettingsCard>
  );
}
