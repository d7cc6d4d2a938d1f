import { Form } from 'react-router';
import { PASSWORD_RESET_LINK_MINUTES } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';

interface Props {
  sent: boolean;
  error?: string | undefined;
  email?: string | undefined;
  busy: boolean;
}

/** Step one of a password reset: the account's e-mail address. */
export function ResetRequestForm({ sent, error, email, busy }: Props) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <div className="container py-5" style={{ maxWidth: 460 }}>
      <title>{`${t('resetPassword.title')} · ${settings.name}`}</title>
      <h1 className="h3 mb-3">{t('resetPassword.title')}</h1>
      {sent ? (
        <div className="alert alert-success" role="status" data-testid="reset-sent">
          {t('resetPassword.sent', { minutes: PASSWORD_RESET_LINK_MINUTES })}
        </div>
      ) : (
        <>
          <p className="text-body-secondary">{t('resetPassword.intro')}</p>
          {error && (
            <div className="alert alert-danger" role="alert" data-testid="reset-error">
              {error}
            </div>
          )}
          <Form method="post" className="card card-body shadow-sm border-0">
            <div className="mb-3">
              <label htmlFor="reset-email" className="form-label">
                {t('resetPassword.email')}
              </label>
              <input id="reset-email" name="email" type="email" className="form-control" autoComplete="email" required defaultValue={email} />
            </div>
            <button type="submit" className="btn btn-primary w-100" disabled={busy}>
              {t('resetPassword.submit')}
            </button>
          </Form>
        </>
      )}
    </div>
  );
}
