import { LOCALES, isLocale } from '../../../common/reference/countries';
import { nativeLanguageName } from '../../../common/i18n/format';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { SettingsCard } from './settings-card';

/** The interface language, also used for the member's e-mails (PUT /api/user.php). */
export function LanguageSection({ language }: { language: string }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const { fetcher, result, busy } = useSettingsForm('language');
  return (
    <SettingsCard id="settings-language-title" title={t('settings:language.title')} spaced>
      <fetcher.Form method="post" className="row g-2 align-items-end">
        <input type="hidden" name="intent" value="language" />
        <div className="col-12 col-sm">
          <label htmlFor="settings-language" className="form-label">
            {t('settings:language.label')}
          </label>
          <select id="settings-language" name="language" className="form-select" defaultValue={isLocale(language) ? language : locale} key={language}>
            {LOCALES.map((l) => (
              <option key={l} value={l} lang={l}>
                {nativeLanguageName(l)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-12 col-sm-auto">
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t('settings:language.submit')}
          </button>
        </div>
      </fetcher.Form>
      <ResultAlert result={result?.ok ? undefined : result} success="" testId="language" />
    </SettingsCard>
  );
}
