import Modal from 'react-bootstrap/Modal';
import type { Gift } from '../../../common/chat/chat-schema';
import { useTranslation } from '../../i18n/react';
import { ChatModalHeader } from './chat-modal-header';

interface GiftPickerProps {
  show: boolean;
  gifts: Gift[];
  credits: number;
  name: string;
  onPick: (gift: Gift) => void;
  onClose: () => void;
}

/** The gift catalogue: image, name and price; choosing one sends it. */
export function GiftPicker({ show, gifts, credits, name, onPick, onClose }: GiftPickerProps) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} centered data-testid="gift-picker">
      <ChatModalHeader title={t('chat:giftPicker.title', { name })} />
      <Modal.Body>
        <ul className="rv-gift-grid list-unstyled mb-2">
          {gifts.map((gift) => (
            <li key={gift.id}>
              <button type="button" className="rv-gift btn btn-light w-100" onClick={() => onPick(gift)} data-testid={`gift-${gift.id}`}>
                <img src={gift.image} width={72} height={72} alt="" />
                <span className="d-block fw-semibold">{t(`chat:gifts.${gift.id}`)}</span>
                <span className={`d-block small ${gift.credits > credits ? 'text-danger' : 'text-body-secondary'}`}>{t('chat:credits', { credits: gift.credits })}</span>
              </button>
            </li>
          ))}
        </ul>
        <p className="small text-body-secondary mb-0">{t('chat:giftPicker.balance', { credits })}</p>
      </Modal.Body>
    </Modal>
  );
}
