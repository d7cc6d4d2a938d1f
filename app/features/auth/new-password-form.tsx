import { Form } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { FormAlert } from '../../components/form-alert';
import { NewPasswordFields } from '../../components/password-fields';
import { SubmitButton } from '../../components/submit-button';
import { PageTitle } from '../../components/page-title';

interface Props {
  token: string;
  error?: string | undefined;
  busy: boolean;
}

/** Step two of a password reset, opened from the e-mail's link. */
export function NewPasswordForm({ token, error, busy }: Props) {
  const { t } = useTranslation();
  return (
    <div className="container py-5" style={{ maxWidth: 460 }}>
      <PageTitle text={t('resetPassword.newTitle')} />
      <h1 className="h3 mb-3">{t('resetPassword.newTitle')}</h1>
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
    </div>
  );
}
