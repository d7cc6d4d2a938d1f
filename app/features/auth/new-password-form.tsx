import { Form } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';

interface Props {
  token: string;
  error?: string | undefined;
  busy: boolean;
}

/** Step two of a password reset, opened from the e-mail's link. */
export function NewPasswordForm({ token, error, busy }: Props) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <div className="container py-5" style={{ maxWidth: 460 }}>
      <title>{`${t('resetPassword.newTitle')} · ${settings.name}`}</title>
      <h1 className="h3 mb-3">{t('resetPassword.newTitle')}</h1>
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="reset-error">
          {error}
        </div>
      )}
      <Form method="post" className="card card-body shadow-sm border-0">
        <input type="hidden" name="token" value={token} />
        <div className="mb-3">
          <label htmlFor="new-password" className="form-label">
            {t('resetPassword.password')}
          </label>
          <input id="new-password" name="password" type="password" className="form-control" autoComplete="new-password" required aria-describedby="new-password-help" />
          <div id="new-password-help" className="form-text">
            {t('resetPassword.minLength', { min: PASSWORD_MIN_LENGTH })}
          </div>
        </div>
        <div className="mb-3">
          <label htmlFor="new-password-confirmation" className="form-label">
            {t('resetPassword.confirmation')}
          </label>
          <input id="new-password-confirmation" name="password_confirmation" type="password" className="form-control" autoComplete="new-password" required />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {t('resetPassword.save')}
        </button>
      </Form>
    </div>
  );
}
