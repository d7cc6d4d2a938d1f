import { Form, Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';

interface LoginFormProps {
  error?: string | undefined;
  email?: string | undefined;
  /** The credentials were right but the account is deleted (still reactivatable). */
  deletedAccount?: boolean;
  busy: boolean;
}

/** The login screen. Works without JavaScript: the form posts to the route's action. */
export function LoginForm({ error, email, deletedAccount = false, busy }: LoginFormProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [params] = useSearchParams();
  return (
    <div className="container py-5" style={{ maxWidth: 460 }}>
      <title>{`${t('login.title')} · ${settings.name}`}</title>
      <h1 className="h3 mb-4">{t('login.title')}</h1>
      {params.get('reset') === 'done' && !error && (
        <div className="alert alert-success" role="status" data-testid="reset-done">
          {t('resetPassword.done')}
        </div>
      )}
      {params.get('reason') === 'chat' && !error && (
        <div className="alert alert-info" role="status" data-testid="login-reason">
          {t('login.chatRequired')}
        </div>
      )}
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="login-error">
          {error}
        </div>
      )}
      {error && deletedAccount && email && (
        <Link className="btn btn-outline-primary w-100 mb-3" to={`${paths.accountDeleted()}?email=${encodeURIComponent(email)}`} data-testid="login-reactivate">
          {t('login.reactivate')}
        </Link>
      )}
      <Form method="post" className="card card-body shadow-sm border-0">
        <input type="hidden" name="returnTo" value={params.get('returnTo') ?? ''} />
        <div className="mb-3">
          <label htmlFor="login-email" className="form-label">
            {t('login.email')}
          </label>
          <input id="login-email" name="email" type="email" className="form-control" autoComplete="username" required defaultValue={email} />
        </div>
        <div className="mb-3">
          <label htmlFor="login-password" className="form-label">
            {t('login.password')}
          </label>
          <input id="login-password" name="password" type="password" className="form-control" autoComplete="current-password" required />
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={busy}>
          {t('login.submit')}
        </button>
        <Link className="d-block text-center mt-3 small" to={paths.resetPassword()}>
          {t('login.forgot')}
        </Link>
      </Form>
      <p className="text-center mt-4">
        {t('login.noAccount')} <Link to={paths.signup()}>{t('login.signup')}</Link>
      </p>
    </div>
  );
}
