import { useEffect, useRef } from 'react';
import { MAIL_CHANGE_LINK_MINUTES } from '../../../common/account/mail-change';
import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';

/** Change the e-mail address: a link to the new address confirms it (spec section 2, Settings). */
export function EmailSection({ email }: { email: string }) {
  const { t } = useTranslation();
  const { fetcher, result, busy } = useSettingsForm('email');
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return (
    <section className="card card-body shadow-sm border-0 mb-4" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title" className="h5">
        {t('settings:email.title')}
      </h2>
      <p className="mb-3">
        <span className="text-body-secondary">{t('settings:email.current')}:</span>{' '}
        <strong data-testid="current-email">{email}</strong>
      </p>
      {/* noValidate: the server checks the address and answers in the site's language. */}
      <fetcher.Form method="post" ref={formRef} noValidate>
        <input type="hidden" name="intent" value="email" />
        <div className="mb-3">
          <label htmlFor="settings-new-email" className="form-label">
            {t('settings:email.new')}
          </label>
          <input id="settings-new-email" name="email" type="email" className="form-control" autoComplete="email" required aria-describedby="settings-email-help" />
          <div id="settings-email-help" className="form-text">
            {t('settings:email.help')}
          </div>
        </div>
        <div className="mb-3">
          <label htmlFor="settings-email-password" className="form-label">
            {t('settings:email.password')}
          </label>
          <input id="settings-email-password" name="password" type="password" className="form-control" autoComplete="current-password" required />
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('settings:email.submit')}
        </button>
      </fetcher.Form>
      <ResultAlert
        result={result}
        success={t('settings:email.sent', { email: result?.ok ? (result.email ?? '') : '', hours: Math.round(MAIL_CHANGE_LINK_MINUTES / 60) })}
        testId="email-change"
      />
    </section>
  );
}
