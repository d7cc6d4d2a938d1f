import { Form, Link, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/form-field';
import { CurrentPasswordField } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { PageTitle } from '../../components/page-title';

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
  const [params] = useSearchParams();
  return (
    <div className="container py-5" style={{ maxWidth: 460 }}>
      <PageTitle text={t('login.title')} />
      <h1 className="h3 mb-4">{t('login.title')}</h1>
      {params.get('reset') === 'done' && !error && (
        <FormAlert variant="success" testId="reset-done">
          {t('resetPassword.done')}
        </FormAlert>
      )}
      {params.get('reason') === 'chat' && !error && (
        <FormAlert variant="info" testId="login-reason">
          {t('login.chatRequired')}
        </FormAlert>
      )}
      {error && (
        <FormAlert variant="danger" testId="login-error">
          {error}
        </FormAlert>
      )}
      {error && deletedAccount && email && (
        <Link className="btn btn-outline-primary w-100 mb-3" to={`${paths.accountDeleted()}?email=${encodeURIComponent(email)}`} data-testid="login-reactivate">
          {t('login.reactivate')}
        </Link>
      )}
      <Form method="post" className="card card-body shadow-sm border-0">
        <input type="hidden" name="returnTo" value={params.get('returnTo') ?? ''} />
        <TextField id="login-email" label={t('login.email')} name="email" type="email" autoComplete="username" required defaultValue={email} />
        <CurrentPasswordField id="login-password" label={t('login.password')} />
        <SubmitButton busy={busy} className="btn btn-primary w-100">
          {t('login.submit')}
        </SubmitButton>
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
