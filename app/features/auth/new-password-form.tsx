import { Form } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { FormAlert } from '../../components/form-alert';
import { NewPasswordFields } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { ResetPasswordPanel } from './reset-password-panel';

interface Props {
  token: string;
  error?: string | undefined;
  busy: boolean;
}

/** Step two of a password reset, opened from the e-mail's link. */
export function NewPasswordForm({ token, error, busy }: Props) {
  const { t } = useTranslation();
  return (
    <ResetPasswordPanel title={t('resetPassword.newTitle')}>
      {error && (
        <FormAlert variant="danger" testId="reset-error">
          {error}
        </FormAlert>
      )}
      <Form method="post" className="card card-body shadow-sm border-0">
        <input type="hidden" name="token" value={token} />
        <NewPasswordFields
          id="new-password"
          label={t('resetPassword.password')}
          confirmationLabel={t('resetPassword.confirmation')}
          help={t('resetPassword.minLength', { min: PASSWORD_MIN_LENGTH })}
        />
        <SubmitButton busy={busy} className="btn btn-primary w-100">
          {t('resetPassword.save')}
        </SubmitButton>
      </Form>
    </ResetPasswordPanel>
  );
}
