import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/react';
import { ChatModalHeader } from './chat-modal-header';

export const ICEBREAKERS = ['line1', 'line2', 'line3', 'line4', 'line5', 'line6'] as const;

/** Opening lines for an empty conversation; the chosen one goes into the composer to be edited or sent. */
export function IcebreakerModal({ show, name, onPick, onClose, onExited }: { show: boolean; name: string; onPick: (line: string) => void; onClose: () => void; onExited: () => void }) {
  const { t } = useTranslation();
  // onExited: the dialog is gone (it keeps the focus while it fades out), so the composer can take it.
  return (
    <Modal show={show} onHide={onClose} onExited={onExited} restoreFocus={false} centered data-testid="icebreaker-modal">
      <ChatModalHeader title={t('chat:icebreaker.title', { name })} />
      <Modal.Body>
        <p className="text-body-secondary">{t('chat:icebreaker.intro')}</p>
        <div className="d-grid gap-2">
          {ICEBREAKERS.map((key) => {
            const line = t(`chat:icebreaker.${key}`, { name });
            return (
              <button key={key} type="button" className="btn btn-outline-primary text-start" onClick={() => onPick(line)} data-testid="icebreaker-line">
                {line}
              </button>
            );
          })}
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-link" onClick={onClose}>
          {t('chat:icebreaker.own')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
