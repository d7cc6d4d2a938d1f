import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { TextField } from '../../components/form-field';
import { NewPasswordFields } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { SettingsCard } from './settings-card';

/** Change password: old, new, repeated (spec section 2; 'Please check your old password.' of section 5). */
export function PasswordSection() {
  const { t } = useTranslation();
  const { fetcher, result, busy, formRef } = useSettingsForm('password');
  return (
    <SettingsCard id="settings-password-title" title={t('settings:password.title')} spaced>
      {/* noValidate: the server's messages (in the site's language) explain what is wrong. */}
      <fetcher.Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="password" />
        <TextField id="settings-old-password" label={t('settings:password.old')} name="old_password" type="password" autoComplete="current-password" required />
        <NewPasswordFields
          id="settings-new-password"
          label={t('settings:password.new')}
          confirmationLabel={t('settings:password.confirmation')}
          help={t('settings:password.minLength', { min: PASSWORD_MIN_LENGTH })}
        />
        <SubmitButton busy={busy}>{t('settings:password.submit')}</SubmitButton>
      </fetcher.Form>
      <ResultAlert result={result} success={t('settings:password.done')} testId="password-change" />
    </SettingsCard>
  );
}
