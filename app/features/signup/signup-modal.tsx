import { useCallback, useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { loadNamespaces } from '../../i18n/namespaces';
import { fetchSignupMember, SignupFlow, type SignupMember } from './signup-flow';

/**
 * Signup as a modal (spec section 2): once signup is in progress a click on the backdrop or
 * Escape no longer closes it (only the close button does), so nothing typed is lost by a
 * stray click.
 */
export default function SignupModal({ memberId, onClose }: { memberId: number | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { locale } = useRootData();
  const [ready, setReady] = useState(false);
  const [inProgress, setInProgress] = useState(false);
  const [member, setMember] = useState<SignupMember | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([loadNamespaces(locale, i18n, ['signup', 'reference']), memberId ? fetchSignupMember(memberId) : null]).then(([, card]) => {
      if (!live) return;
      setMember(card);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [locale, i18n, memberId]);
  const onInProgress = useCallback((busy: boolean) => setInProgress(busy), []);
  if (!ready) return null;
  return (
    <Modal show onHide={onClose} backdrop={inProgress ? 'static' : true} keyboard={!inProgress} centered aria-labelledby="signup-modal-title" data-testid="signup-modal">
      <Modal.Header closeButton closeLabel={t('signup:close')}>
        <Modal.Title id="signup-modal-title" className="h5">
          {t('signup:title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <SignupFlow member={member} onInProgress={onInProgress} />
      </Modal.Body>
    </Modal>
  );
}
