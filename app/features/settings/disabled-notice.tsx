import { isDisabledReason } from '../../../common/account/notification-settings';
import { useTranslation } from '../../i18n/react';
import { useSettingsForm } from './form-result';
import { ResultAlert } from './result-alert';
import { SubmitButton } from '../../components/submit-button';

/** Why e-mail stopped (spec section 8: fbl, bounce, listunsubscribe), and the way to turn it back on. */
export function DisabledNotice({ reasons }: { reasons: readonly string[] }) {
  const { t } = useTranslation();
  const { fetcher, result, busy } = useSettingsForm('resume');
  if (reasons.length === 0) {
    return result?.ok ? <ResultAlert result={result} success={t('settings:notifications.resumed')} testId="resume" /> : null;
  }
  const known = reasons.filter(isDisabledReason);
  return (
    <section className="alert alert-warning mb-4" aria-labelledby="notifications-disabled-title" data-testid="notifications-disabled">
      <h2 id="notifications-disabled-title" className="h6 alert-heading">
        {t('settings:notifications.disabledTitle')}
      </h2>
      {known.map((reason) => (
        <p key={reason} className="mb-2">
          {t(`settings:notifications.reasons.${reason}`)}
        </p>
      ))}
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="resume" />
        <SubmitButton busy={busy}>{t('settings:notifications.resume')}</SubmitButton>
      </fetcher.Form>
      <ResultAlert result={result} success={t('settings:notifications.resumed')} testId="resume" />
    </section>
  );
}
