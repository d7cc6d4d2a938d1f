import { useState, type DragEvent, type ReactNode } from 'react';
import { Link, useRevalidator } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import { PHOTO_LIMIT_FREE, PHOTO_LIMIT_PREMIUM } from '../../../common/limits';
import type { Photo } from '../../../common/photos/photo-schema';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { choosePhoto, deletePhoto, moved, orderPhotos } from './profile-api';

interface Props {
  initial: Photo[];
  paidUser: boolean;
  /** The upload control (the photos feature's PhotoInput, handed in by the route). */
  renderUpload: (onUploaded: (photo: Photo) => void) => ReactNode;
}

/**
 * The member's own gallery: status badges, main photo, delete (confirmed), reorder with
 * buttons or by dragging, upload, and the 3/25 limit with an upgrade prompt at the free limit.
 */
export function PhotoManager({ initial, paidUser, renderUpload }: Props) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [photos, setPhotos] = useState<Photo[]>(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Photo | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  // A new upload control after each upload clears its preview.
  const [inputKey, setInputKey] = useState(0);
  const limit = paidUser ? PHOTO_LIMIT_PREMIUM : PHOTO_LIMIT_FREE;
  const atLimit = photos.length >= limit;
  const failed = t('profile:photos.failed');

  async function run<T>(work: () => Promise<{ ok: true; value: T } | { ok: false; message: string }>, then: (value: T) => void) {
    setBusy(true);
    setError(null);
    const result = await work();
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    then(result.value);
    // The top bar and the profile-photo alert read the main image from the user object.
    void revalidator.revalidate();
  }

  const setMain = (photo: Photo) => run(() => choosePhoto(photo.id, failed), (r) => setPhotos((list) => list.map((p) => ({ ...p, main: p.id === r.main_photo_id }))));

  const remove = (photo: Photo) =>
    run(
      () => deletePhoto(photo.id, failed),
      (r) => setPhotos((list) => list.filter((p) => p.id !== photo.id).map((p) => ({ ...p, main: p.id === r.main_photo_id }))),
    );

  async function reorder(from: number, to: number) {
    if (from === to) return;
    const before = photos;
    const next = moved(photos, from, to);
    setPhotos(next);
    setBusy(true);
    setError(null);
    const result = await orderPhotos(
      next.map((p) => p.id),
      failed,
    );
    setBusy(false);
    if (result.ok) setPhotos(result.value);
    else {
      // The old order comes back.
      setPhotos(before);
      setError(result.message);
    }
  }

  function onDrop(event: DragEvent, to: number) {
    event.preventDefault();
    if (dragged !== null) void reorder(dragged, to);
    setDragged(null);
  }

  return (
    <section className="card mb-3" aria-labelledby="profile-photos" data-testid="photo-manager">
      <div className="card-body">
        <div className="d-flex flex-wrap justify-content-between align-items-baseline gap-2 mb-3">
          <h2 id="profile-photos" className="h5 card-title mb-0">
            {t('profile:sections.photos')}
          </h2>
          <span className="text-body-secondary" data-testid="photo-count">
            {t('profile:photos.count', { count: photos.length, limit })}
          </span>
        </div>
        {photos.length === 0 && <p className="text-body-secondary">{t('profile:photos.empty')}</p>}
        <ol className="list-unstyled row row-cols-2 row-cols-sm-3 row-cols-lg-4 g-3 mb-3">
          {photos.map((photo, index) => (
            <li
              key={photo.id}
              className="col"
              data-testid="own-photo"
              data-photo-id={photo.id}
              draggable={!busy}
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
            >
              <div className={`card h-100 ${photo.main ? 'border-primary border-2' : ''}`}>
                <div className="position-relative">
                  <img src={photo.thumb_url} alt={t('profile:photos.photoAlt', { number: index + 1 })} className="card-img-top" style={{ aspectRatio: '3 / 4', objectFit: 'cover' }} />
                  <div className="position-absolute top-0 start-0 p-1 d-flex flex-column gap-1 align-items-start">
                    {photo.status === 'in_inspection' ? (
                      <span className="badge text-bg-warning" data-testid="photo-status">
                        {t('profile:photos.inInspection')}
                      </span>
                    ) : (
                      <span className="badge text-bg-success" data-testid="photo-status">
                        {t('profile:photos.active')}
                      </span>
                    )}
                    {photo.main && (
                      <span className="badge text-bg-primary" data-testid="photo-main">
                        {t('profile:photos.main')}
                      </span>
                    )}
                  </div>
                </div>
                <div className="card-body p-2 d-grid gap-1">
                  {!photo.main && (
                    <button type="button" className="btn btn-sm btn-outline-primary" disabled={busy} onClick={() => void setMain(photo)} data-testid="photo-set-main">
                      {t('profile:photos.setMain')}
                    </button>
                  )}
                  <div className="d-flex gap-1">
                    <button type="button" className="btn btn-sm btn-outline-secondary px-2" disabled={busy || index === 0} onClick={() => void reorder(index, index - 1)} aria-label={t('profile:photos.moveUp')} title={t('profile:photos.moveUp')} data-testid="photo-up">
                      <span aria-hidden="true">◀</span>
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-secondary px-2"
                      disabled={busy || index === photos.length - 1}
                      onClick={() => void reorder(index, index + 1)}
                      aria-label={t('profile:photos.moveDown')}
                      title={t('profile:photos.moveDown')}
                      data-testid="photo-down"
                    >
                      <span aria-hidden="true">▶</span>
                    </button>
                    <button type="button" className="btn btn-sm btn-outline-danger ms-auto text-truncate" disabled={busy} onClick={() => setConfirming(photo)} data-testid="photo-delete">
                      {t('profile:photos.delete')}
                    </button>
                  </div>
                </div>
              </div>
            </li>
          ))}
        </ol>
        {error && (
          <div className="alert alert-danger" role="alert">
            {error}
          </div>
        )}
        {!atLimit && (
          <div key={inputKey}>
            {renderUpload((photo) => {
              setPhotos((list) => [...list.map((p) => (photo.main ? { ...p, main: false } : p)), photo]);
              setInputKey((k) => k + 1);
              void revalidator.revalidate();
            })}
          </div>
        )}
        {atLimit && !paidUser && (
          <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mb-0" data-testid="photo-upgrade">
            <span className="flex-grow-1">{t('profile:photos.upgrade')}</span>
            <Link to={paths.premium()} className="btn btn-sm btn-warning">
              {t('profile:photos.upgradeButton')}
            </Link>
          </div>
        )}
      </div>
      <Modal show={confirming !== null} onHide={() => setConfirming(null)} centered>
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5">
            {t('profile:photos.deleteTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {confirming && <img src={confirming.thumb_url} alt="" className="img-thumbnail d-block mb-2" style={{ maxWidth: 120 }} />}
          {t('profile:photos.deleteText')}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-secondary" onClick={() => setConfirming(null)}>
            {t('profile:photos.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger"
            data-testid="photo-delete-confirm"
            onClick={() => {
              const photo = confirming;
              setConfirming(null);
              if (photo) void remove(photo);
            }}
          >
            {t('profile:photos.delete')}
          </button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
