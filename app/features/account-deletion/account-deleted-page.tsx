import { Form } from 'react-router';
import { REACTIVATION_DAYS } from '../../../common/limits';
import { ensureBundle } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';

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
  const { t, i18n } = useTranslation();
  ensureBundle(i18n, 'account', bundle);
  const { settings } = useRootData();
  const reactivateError = result?.intent === 'reactivate' && 'error' in result ? result.error : undefined;
  const showReactivate = token !== null && !reactivateError;
  const title = t(showReactivate ? 'account:deleted.reactivateTitle' : 'account:deleted.title');
  return (
    <div className="container py-5" style={{ maxWidth: 520 }}>
      <title>{`${title} · ${settings.name}`}</title>
      <h1 className="h3 mb-3">{title}</h1>
      {showReactivate ? (
        <Form method="post" className="card card-body shadow-sm border-0">
          <input type="hidden" name="intent" value="reactivate" />
          <input type="hidden" name="token" value={token} />
          <p>{t('account:deleted.reactivateBody')}</p>
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            {t('account:deleted.reactivate')}
          </button>
        </Form>
      ) : (
        <>
          {reactivateError ? (
            <div className="alert alert-danger" role="alert" data-testid="reactivate-error">
              {reactivateError}
            </div>
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
        <div className="alert alert-success mb-0" role="status" data-testid="reactivation-sent">
          {t('account:deleted.sent')}
        </div>
      ) : (
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <p className="text-body-secondary">{t('account:deleted.resendIntro')}</p>
          {resend && 'error' in resend && (
            <div className="alert alert-danger" role="alert">
              {resend.error}
            </div>
          )}
          <div className="mb-3">
            <label htmlFor="reactivate-email" className="form-label">
              {t('account:deleted.email')}
            </label>
            <input id="reactivate-email" name="email" type="email" className="form-control" autoComplete="email" required defaultValue={email} />
          </div>
          <button type="submit" className="btn btn-outline-primary w-100" disabled={busy}>
            {t('account:deleted.resend')}
          </button>
        </Form>
      )}
    </section>
  );
}
