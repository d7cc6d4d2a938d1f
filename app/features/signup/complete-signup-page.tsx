import { useEffect, useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { clearDraft } from './signup-draft';
import { takePendingPhoto } from './pending-photo';
import { PageTitle } from '../../components/page-title';

/** What the complete-signup route's action answers. */
export type CompleteSignupActionData = { ok: true; intent: 'resend' | 'email'; email?: string } | { ok: false; intent: string; message: string };

interface Props {
  email: string;
  confirmed: boolean;
  /** Uploads the photo chosen in step 1; resolves an error message, or null when it worked. */
  uploadPhoto(file: File): Promise<string | null>;
}

type PhotoState = { state: 'none' } | { state: 'uploading' } | { state: 'done' } | { state: 'failed'; message: string };

/** The complete step (spec section 2): the e-mail check, with resend and a way to fix a typo. */
export function CompleteSignupPage({ email, confirmed, uploadPhoto }: Props) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const fetcher = useFetcher<CompleteSignupActionData>();
  const [photo, setPhoto] = useState<PhotoState>({ state: 'none' });

  useEffect(() => {
    // The account exists: the draft (with its password) is no longer needed.
    clearDraft();
    const file = takePendingPhoto();
    if (!file) return;
    setPhoto({ state: 'uploading' });
    void uploadPhoto(file).then((error) => setPhoto(error ? { state: 'failed', message: error } : { state: 'done' }));
  }, [uploadPhoto]);

  const result = fetcher.data;
  const busy = fetcher.state !== 'idle';
  return (
    <div className="container py-5" style={{ maxWidth: 560 }}>
      <PageTitle text={t('signup:complete.title')} />
      {confirmed ? (
        <div className="alert alert-success" role="status">
          {t('signup:complete.confirmed')}
        </div>
      ) : (
        <>
          <div className="text-center fs-1" aria-hidden="true">
            ✉️
          </div>
          <h1 className="h3 text-center mb-3">{t('signup:complete.title')}</h1>
          <p className="lead text-center" data-testid="complete-signup-text">
            {t('signup:complete.text', { email: result?.ok && result.intent === 'email' ? result.email : email })}
          </p>
          <p className="text-body-secondary text-center">{t('signup:complete.noMail')}</p>
        </>
      )}
      {photo.state === 'failed' && (
        <div className="alert alert-warning" role="alert">
          {photo.message}
        </div>
      )}
      {result && !result.ok && (
        <div className="alert alert-danger" role="alert" data-testid="complete-signup-error">
          {result.message}
        </div>
      )}
      {result?.ok && (
        <div className="alert alert-success" role="status" data-testid="complete-signup-done">
          {result.intent === 'email' ? t('signup:complete.emailSaved', { email: result.email }) : t('signup:complete.resent')}
        </div>
      )}
      {!confirmed && (
        <>
          <fetcher.Form method="post" className="text-center mb-4">
            <button type="submit" name="intent" value="resend" className="btn btn-outline-primary" disabled={busy}>
              {t('signup:complete.resend')}
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" className="card card-body border-0 bg-body-tertiary mb-4">
            <label htmlFor="complete-email" className="form-label">
              {t('signup:complete.wrongAddress')}
            </label>
            <div className="input-group">
              <input id="complete-email" name="email" type="email" className="form-control" placeholder={t('signup:complete.newEmail')} aria-label={t('signup:complete.newEmail')} required />
              <button type="submit" name="intent" value="email" className="btn btn-primary" disabled={busy}>
                {t('signup:complete.saveEmail')}
              </button>
            </div>
          </fetcher.Form>
        </>
      )}
      <div className="text-center">
        <Link className="btn btn-primary btn-lg" to={`${paths.home()}?api_signup_complete=1`} data-testid="complete-signup-continue">
          {t('signup:complete.continue', { siteName: settings.name })}
        </Link>
      </div>
    </div>
  );
}
