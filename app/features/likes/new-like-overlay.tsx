import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/react';
import { ThumbsUp } from './thumbs-up';

export interface OverlayLike {
  kind: 'match' | 'new';
  profileId: number;
  name: string;
  photo: string | null;
}

/**
 * The new-like overlay (spec section 2): thumbs-up, 'It's a Match' or 'New like!', the
 * liker's main photo and a button, both reporting the profile id; a click anywhere else closes it.
 * A toast-sized card (max 350 px), so it never hides the page behind a backdrop.
 */
export default function NewLikeOverlay({
  like,
  onPhoto,
  onButton,
  onClose,
}: {
  like: OverlayLike;
  onPhoto: (profileId: number) => void;
  onButton: (profileId: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) onClose();
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    // Registered after the click that may have opened it.
    const timer = setTimeout(() => document.addEventListener('pointerdown', outside), 0);
    document.addEventListener('keydown', escape);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [onClose]);
  const title = like.kind === 'match' ? t('likes:overlay.match') : t('likes:overlay.newLike');
  return (
    <div
      ref={box}
      role="dialog"
      aria-modal="false"
      aria-label={title}
      data-testid="new-like-overlay"
      data-kind={like.kind}
      className="position-fixed bottom-0 end-0 m-3 card shadow-lg text-center"
      style={{ zIndex: 1080, maxWidth: 350, width: 'calc(100% - 2rem)' }}
    >
      <button type="button" className="btn-close position-absolute top-0 end-0 m-2" aria-label={t('likes:overlay.close')} onClick={onClose} />
      <div className="card-body">
        <ThumbsUp size={48} className="text-secondary mb-2" />
        <h2 className="h4 text-secondary mb-1">{title}</h2>
        <p className="mb-2">{like.kind === 'match' ? t('likes:overlay.matchText', { name: like.name }) : t('likes:overlay.newLikeText', { name: like.name })}</p>
        {like.photo && (
          <button type="button" className="btn p-0 border-0 mb-3" onClick={() => onPhoto(like.profileId)} data-testid="new-like-photo">
            <img src={like.photo} alt={t('likes:overlay.photo', { name: like.name })} className="rounded-circle object-fit-cover" width={120} height={120} />
          </button>
        )}
        <div className="d-grid">
          <button type="button" className="btn btn-secondary" onClick={() => onButton(like.profileId)} data-testid="new-like-start-chat">
            {t('likes:overlay.startChatting')}
          </button>
        </div>
      </div>
    </div>
  );
}
