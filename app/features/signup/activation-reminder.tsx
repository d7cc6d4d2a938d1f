import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import { signupEndpoints } from '../../../common/signup/signup-endpoints';
import { useTranslation } from '../../i18n/react';
import { api } from '../../lib/api';
import { ApiClientError } from '../../lib/api-client';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { loadNamespaces } from '../../i18n/namespaces';

/** Bootstrap's "sm" breakpoint: below it the device is treated as a smartphone. */
const SMARTPHONE_QUERY = '(max-width: 575.98px)';

/**
 * "Please confirm your e-mail address" — a modal on a smartphone right after signup
 * (query api_signup_complete), otherwise an alert under the top bar.
 */
export default function ActivationReminder({ email }: { email: string }) {
  const { t, i18n } = useTranslation();
  const { locale } = useRootData();
  const [params] = useSearchParams();
  const [ready, setReady] = useState(false);
  const [asModal, setAsModal] = useState(false);
  const [modalClosed, setModalClosed] = useState(false);
  const [sent, setSent] = useState<'no' | 'sending' | 'yes' | string>('no');

  useEffect(() => {
    let live = true;
    void loadNamespaces(locale, i18n, ['signup']).then(() => live && setReady(true));
    setAsModal(params.has('api_signup_complete') && window.matchMedia(SMARTPHONE_QUERY).matches);
    return () => {
      live = false;
    };
  }, [locale, i18n, params]);

  async function resend() {
    setSent('sending');
    try {
      if (await api.call(signupEndpoints.activationMail)) setSent('yes');
    } catch (error) {
      setSent(error instanceof ApiClientError ? error.message : t('errors.generic'));
    }
  }

  if (!ready) return null;
  const content = (
    <>
      {/* A long address must wrap on a 320 px phone, not widen the page. */}
      <p className="mb-2 text-break">{t('signup:reminder.text', { email })}</p>
      {sent === 'yes' && <p className="mb-2 fw-semibold">{t('signup:reminder.resent')}</p>}
      {sent !== 'yes' && sent !== 'no' && sent !== 'sending' && <p className="mb-2 text-danger">{sent}</p>}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-primary" onClick={() => void resend()} disabled={sent === 'sending' || sent === 'yes'}>
          {t('signup:reminder.resend')}
        </button>
        <Link className="btn btn-sm btn-outline-primary" to={paths.completeSignup()}>
          {t('signup:reminder.changeEmail')}
        </Link>
      </div>
    </>
  );
  if (asModal && !modalClosed) {
    return (
      <Modal show onHide={() => setModalClosed(true)} centered aria-labelledby="activation-reminder-title" data-testid="activation-reminder-modal">
        <Modal.Header closeButton closeLabel={t('signup:reminder.later')}>
          <Modal.Title id="activation-reminder-title" className="h5">
            {t('signup:reminder.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{content}</Modal.Body>
      </Modal>
    );
  }
  return (
    <div className="alert alert-warning mt-3" role="status" data-testid="activation-reminder">
      <h2 className="h6 alert-heading">{t('signup:reminder.title')}</h2>
      {content}
    </div>
  );
}
