import { Form } from 'react-router';
import { REACTIVATION_DAYS } from '../../../common/limits';
import { useBundles, useTranslation } from '../../i18n/react';
import { FormAlert } from '../../components/form-alert';
import { TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { PageTitle } from '../../components/page-title';

/** What the /account-deleted action answers (a deletion failure is shown in the dialog). */
export type AccountDeletedActionData = { intent: 'resend'; sent: true } | { intent: 'resend' | 'reactivate'; error: string } | { intent: 'delete'; error: string };

interface Props {
  bundle: Record<string, unknown>;
  /** The token of the e-mailed reactivation link, when the page was opened from it. */
  token: string | null;
  email: string;
  result: AccountDeletedActionData | undefined;
  busy: boolean;
}

/**
 * After deletion: the confirmation and a form to have the reactivation link sent again.
 * Opened from the e-mailed link: a button that reactivates. A POST, not the link itself,
 * because mail scanners open links and would use the token up.
 */
export function AccountDeletedPage({ bundle, token, email, result, busy }: Props) {
  const { t } = useBundles({ account: bundle });
  const reactivateError = result?.intent === 'reactivate' && 'error' in result ? result.error : undefined;
  const showReactivate = token !== null && !reactivateError;
  const title = t(showReactivate ? 'account:deleted.reactivateTitle' : 'account:deleted.title');
  return (
    <div className="container py-5" style={{ maxWidth: 520 }}>
      <PageTitle text={title} />
      <h1 className="h3 mb-3">{title}</h1>
      {showReactivate ? (
        <Form method="post" className="card card-body shadow-sm border-0">
          <input type="hidden" name="intent" value="reactivate" />
          <input type="hidden" name="token" value={token} />
          <p>{t('account:deleted.reactivateBody')}</p>
          <SubmitButton busy={busy} className="btn btn-primary w-100">
            {t('account:deleted.reactivate')}
          </SubmitButton>
        </Form>
      ) : (
        <>
          {reactivateError ? (
            <FormAlert variant="danger" testId="reactivate-error">
              {reactivateError}
            </FormAlert>
          ) : (
            <p className="lead" data-testid="account-deleted">
              {t('account:deleted.body', { days: REACTIVATION_DAYS })}
            </p>
          )}
          <ResendForm email={email} result={result} busy={busy} />
        </>
      )}
    </div>
  );
}

function ResendForm({ email, result, busy }: { email: string; result: AccountDeletedActionData | undefined; busy: boolean }) {
  const { t } = useTranslation();
  const resend = result?.intent === 'resend' ? result : undefined;
  return (
    <section className="card card-body shadow-sm border-0 mt-4" aria-labelledby="resend-title">
      <h2 id="resend-title" className="h5">
        {t('account:deleted.resendTitle')}
      </h2>
      {resend && 'sent' in resend ? (
        <FormAlert variant="success" className="mb-0" testId="reactivation-sent">
          {t('account:deleted.sent')}
        </FormAlert>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <p className="text-body-secondary">{t('account:deleted.resendIntro')}</p>
          {resend && 'error' in resend && <FormAlert variant="danger">{resend.error}</FormAlert>}
          <TextField id="reactivate-email" label={t('account:deleted.email')} name="email" type="email" autoComplete="email" required defaultValue={email} />
          <SubmitButton busy={busy} className="btn btn-outline-primary w-100">
            {t('account:deleted.resend')}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}
