import { useEffect, useRef } from 'react';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';

/** Change password: old, new, repeated (spec section 2; 'Please check your old password.' of section 5). */
export function PasswordSection() {
  const { t } = useTranslation();
  const { fetcher, result, busy } = useSettingsForm('password');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const input = (id: string, name: string, label: string, autoComplete: string, help?: string) => (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input id={id} name={name} type="password" className="form-control" autoComplete={autoComplete} required aria-describedby={help ? `${id}-help` : undefined} />
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
    </div>
  );
  return (
    <section className="card card-body shadow-sm border-0 mb-4" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title" className="h5 mb-3">
        {t('settings:password.title')}
      </h2>
      {/* noValidate: the server's messages (in the site's language) explain what is wrong. */}
      <fetcher.Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="password" />
        {input('settings-old-password', 'old_password', t('settings:password.old'), 'current-password')}
        {input('settings-new-password', 'password', t('settings:password.new'), 'new-password', t('settings:password.minLength', { min: PASSWORD_MIN_LENGTH }))}
        {input('settings-new-password-confirmation', 'password_confirmation', t('settings:password.confirmation'), 'new-password')}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('settings:password.submit')}
        </button>
      </fetcher.Form>
      <ResultAlert result={result} success={t('settings:password.done')} testId="password-change" />
    </section>
  );
}
