import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/react';
import { ChatModalHeader } from './chat-modal-header';
import type { PaidSend } from './use-cost-gate';

interface CostConfirmProps {
  /** The send waiting for a yes (null: closed). */
  item: PaidSend | null;
  credits: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Sending this message costs N credits. You have M." with Send / Cancel: asked once per conversation. */
export function CostConfirm({ item, credits, onConfirm, onCancel }: CostConfirmProps) {
  const { t } = useTranslation();
  // The dialog fades out after the answer: it keeps showing what was asked meanwhile.
  const [last, setLast] = useState(item);
  if (item && item !== last) setLast(item);
  const shown = item ?? last;
  const text = !shown
    ? ''
    : shown.kind === 'photo'
      ? t('chat:confirm.photo', { cost: shown.cost, credits })
      : shown.kind === 'gift'
        ? t('chat:confirm.gift', { gift: t(`chat:gifts.${shown.gift ?? ''}`), cost: shown.cost, credits })
        : t('chat:confirm.message', { cost: shown.cost, credits });
  return (
    <Modal show={item !== null} onHide={onCancel} centered data-testid="cost-confirm">
      <ChatModalHeader title={t('chat:confirm.title')} />
      <Modal.Body>
        {shown?.preview && <img src={shown.preview} alt={t('chat:photo.alt')} className="d-block mx-auto mb-3 rounded object-fit-cover" width={120} height={120} data-testid="cost-confirm-preview" />}
        <p className="mb-2" data-testid="cost-confirm-text">
          {text}
        </p>
        {shown && (
          <p className="small text-body-secondary mb-0" data-testid="cost-confirm-after">
            {t('chat:confirm.after', { credits: credits - shown.cost })} {t('chat:confirm.once')}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer className="flex-nowrap">
        <button type="button" className="btn btn-outline-secondary flex-fill py-2" onClick={onCancel} data-testid="cost-confirm-cancel">
          {t('chat:cancel')}
        </button>
        <button type="button" className="btn btn-primary flex-fill py-2" onClick={onConfirm} data-testid="cost-confirm-send">
          {t('chat:confirm.send')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
