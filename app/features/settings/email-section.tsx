import { MAIL_CHANGE_LINK_MINUTES } from '../../../common/account/mail-change';
import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { TextField } from '../../components/form-field';
import { CurrentPasswordField } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { SettingsCard } from './settings-card';

/** Change the e-mail address: a link to the new address confirms it (spec section 2, Settings). */
export function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const { fetcher, result, busy, formRef } = useSettingsForm('email');
  return (
    <SettingsCard id="settings-email-title" title={t('settings:email.title')}>
      <p className="mb-3">
        <span className="text-body-secondary">{t('settings:email.current')}:</span>{' '}
        <strong data-testid="current-email">{email}</strong>
      </p>
      {/* noValidate: the server checks the address and answers in the site's language. */}
      <fetcher.Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="email" />
        <TextField id="settings-new-email" label={t('settings:email.new')} help={t('settings:email.help')} name="email" type="email" autoComplete="email" required />
        <CurrentPasswordField id="settings-email-password" label={t('settings:email.password')} />
        <SubmitButton busy={busy}>{t('settings:email.submit')}</SubmitButton>
      </fetcher.Form>
      <ResultAlert
        result={result}
        success={t('settings:email.sent', { email: result?.ok ? (result.email ?? '') : '', hours: Math.round(MAIL_CHANGE_LINK_MINUTES / 60) })}
        testId="email-change"
      />
    </SettingsCard>
  );
}
