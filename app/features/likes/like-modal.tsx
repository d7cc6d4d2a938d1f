import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/react';
import type { OverlayLike } from './new-like-overlay';

/** The like modal (spec section 2): who likes the member; its image and button go to members/{id}. */
export default function LikeModal({ like, onOpen, onClose }: { like: OverlayLike; onOpen: (profileId: number) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show onHide={onClose} centered data-testid="like-modal">
      <Modal.Header closeButton closeLabel={t('likes:overlay.close')}>
        <Modal.Title>{t('likes:modal.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        {like.photo && (
          <button type="button" className="btn p-0 border-0 mb-3" onClick={() => onOpen(like.profileId)} data-testid="like-modal-photo">
            <img src={like.photo} alt={t('likes:overlay.photo', { name: like.name })} className="rounded object-fit-cover" width={200} height={200} />
          </button>
        )}
        <p>{t('likes:modal.text', { name: like.name })}</p>
        <button type="button" className="btn btn-secondary" onClick={() => onOpen(like.profileId)} data-testid="like-modal-button">
          {t('likes:modal.button')}
        </button>
      </Modal.Body>
    </Modal>
  );
}
