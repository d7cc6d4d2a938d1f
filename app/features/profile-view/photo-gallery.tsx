import { useState } from 'react';
import { Link } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import type { ProfilePhoto, ViewerKind } from '../../../common/profile-view/member-profile';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';

type OpenPhoto = Extract<ProfilePhoto, { locked: false }>;

/**
 * The main photo large, thumbnails under it, a lightbox for the open photos, and locked
 * tiles for the rest. Locked tiles carry no image at all (the server sent no URL): the
 * prompt says what unlocks them, logging in or premium.
 */
export function PhotoGallery({ name, photos, viewer, signupHref }: { name: string; photos: ProfilePhoto[]; viewer: ViewerKind; signupHref: string }) {
  const { t } = useTranslation();
  const open = photos.filter((p): p is OpenPhoto => !p.locked);
  const locked = photos.length - open.length;
  const [shown, setShown] = useState<number | null>(null);
  const main = open[0];
  const current = shown === null ? undefined : open[shown];
  const step = (by: number) => setShown((i) => (i === null ? null : (i + by + open.length) % open.length));

  return (
    <section aria-label={t('profile-view:photoOf', { name })}>
      {main ? (
        <button type="button" className="btn p-0 border-0 d-block w-100" onClick={() => setShown(0)} data-testid="main-photo">
          <img src={main.url} width={main.width} height={main.height} alt={t('profile-view:photoOf', { name })} className="img-fluid rounded w-100" style={{ objectFit: 'cover', aspectRatio: '4 / 5' }} />
        </button>
      ) : (
        <div className="rounded bg-body-secondary d-flex align-items-center justify-content-center display-1" style={{ aspectRatio: '4 / 5' }} aria-hidden="true">
          👤
        </div>
      )}
      {photos.length > 1 && (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" data-testid="thumbnails">
          {open.map((p, i) => (
            <li key={p.id}>
              <button type="button" className="btn p-0 border-0" onClick={() => setShown(i)} aria-label={t('profile-view:photoNumber', { n: i + 1, count: photos.length })}>
                <img src={p.thumb_url} alt="" width={72} height={90} className="rounded" style={{ objectFit: 'cover' }} loading="lazy" />
              </button>
            </li>
          ))}
          {Array.from({ length: locked }, (_, i) => (
            <li key={`locked-${i}`} data-testid="locked-photo">
              <div className="rounded bg-secondary-subtle d-flex align-items-center justify-content-center" style={{ width: 72, height: 90 }} role="img" aria-label={t('profile-view:locked')}>
                🔒
              </div>
            </li>
          ))}
        </ul>
      )}
      {locked > 0 && (
        <p className="mt-2 mb-0 small">
          {viewer === 'visitor' ? (
            <>
              <Link to={paths.login()}>{t('profile-view:lockedLogin')}</Link> · <Link to={signupHref}>{t('profile-view:signup')}</Link>
            </>
          ) : (
            <Link to={paths.premium()} data-testid="upgrade-photos">
              {t('profile-view:lockedUpgrade')}
            </Link>
          )}
        </p>
      )}
      <Modal show={current !== undefined} onHide={() => setShown(null)} size="lg" centered>
        <Modal.Header closeButton closeLabel={t('profile-view:close')}>
          <Modal.Title as="h2" className="h6">
            {shown !== null && t('profile-view:photoNumber', { n: shown + 1, count: photos.length })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center">
          {current && <img src={current.url} width={current.width} height={current.height} alt={t('profile-view:photoOf', { name })} className="img-fluid" data-testid="lightbox-photo" />}
        </Modal.Body>
        {open.length > 1 && (
          <Modal.Footer className="justify-content-between">
            <button type="button" className="btn btn-outline-secondary" onClick={() => step(-1)}>
              ‹ {t('profile-view:previous')}
            </button>
            <button type="button" className="btn btn-outline-secondary" onClick={() => step(1)}>
              {t('profile-view:next')} ›
            </button>
          </Modal.Footer>
        )}
      </Modal>
    </section>
  );
}
