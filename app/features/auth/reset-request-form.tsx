import { Form } from 'react-router';
import { PASSWORD_RESET_LINK_MINUTES } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { ResetPasswordPanel } from './reset-password-panel';

interface Props {
  sent: boolean;
  error?: string | undefined;
  email?: string | undefined;
  busy: boolean;
}

/** Step one of a password reset: the account's e-mail address. */
export function ResetRequestForm({ sent, error, email, busy }: Props) {
  const { t } = useTranslation();
  return (
    <ResetPasswordPanel title={t('resetPassword.title')}>
      {sent ? (
        <FormAlert variant="success" testId="reset-sent">
          {t('resetPassword.sent', { minutes: PASSWORD_RESET_LINK_MINUTES })}
        </FormAlert>
      ) : (
        <>
          <p className="text-body-secondary">{t('resetPassword.intro')}</p>
          {error && (
            <FormAlert variant="danger" testId="reset-error">
              {error}
            </FormAlert>
          )}
          <Form method="post" className="card card-body shadow-sm border-0">
            <TextField id="reset-email" label={t('resetPassword.email')} name="email" type="email" autoComplete="email" required defaultValue={email} />
            <SubmitButton busy={busy} className="btn btn-primary w-100">
              {t('resetPassword.submit')}
            </SubmitButton>
          </Form>
        </>
      )}
    </ResetPasswordPanel>
  );
}
