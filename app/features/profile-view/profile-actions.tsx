import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import type { MemberProfile } from '../../../common/profile-view/member-profile';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from '../../lib/use-hydrated';
import { paths } from '../../paths';
import { blockProfile, likeProfile, unblockProfile, unlikeProfile } from './profile-view-client';

/**
 * Like/Unlike, Message, Gift, Block/Unblock and Report. A visitor gets the same buttons as
 * links into signup (with a first message to this member) or login: every one of them
 * needs an account (spec section 6).
 */
export function ProfileActions({ profile, signupHref }: { profile: MemberProfile; signupHref: string }) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [like, setLike] = useState(profile.like);
  const [busy, setBusy] = useState(false);
  // The buttons work only with the page's script: until it runs, a click would be lost.
  const idle = useHydrated() && !busy;
  const [error, setError] = useState<string | null>(null);
  const [confirmBlock, setConfirmBlock] = useState(false);
  const fallback = t('errors.generic');
  const chat = paths.memberChat(profile.id);
  const report = `${paths.complaints()}?profile=${profile.id}`;

  if (profile.viewer === 'visitor') {
    return (
      <div className="d-grid gap-2" data-testid="visitor-actions">
        <p className="alert alert-info mb-0" role="status">
          {t('profile-view:loginNeeded')}
        </p>
        <Link className="btn btn-primary" to={signupHref} data-testid="action-message">
          ✉️ {t('profile-view:message')}
        </Link>
        <div className="d-flex gap-2">
          <Link className="btn btn-outline-primary flex-fill" to={signupHref} data-testid="action-like">
            ♥ {t('profile-view:like')}
          </Link>
          <Link className="btn btn-outline-primary flex-fill" to={signupHref}>
            🎁 {t('profile-view:gift')}
          </Link>
        </div>
        <Link className="btn btn-link" to={paths.login()}>
          {t('profile-view:login')}
        </Link>
      </div>
    );
  }
  if (profile.self) {
    return (
      <p className="alert alert-secondary">
        {t('profile-view:own')} <Link to={paths.profile()}>{t('profile-view:editProfile')}</Link>
      </p>
    );
  }

  const run = async (action: () => Promise<{ ok: boolean; message?: string }>) => {
    setBusy(true);
    setError(null);
    const outcome = await action();
    setBusy(false);
    if (!outcome.ok) setError(outcome.message ?? fallback);
    return outcome.ok;
  };
  const toggleLike = () =>
    run(async () => {
      if (like.liked) {
        const outcome = await unlikeProfile(profile.id, fallback);
        if (outcome.ok) setLike({ ...like, liked: false, match: false });
        return outcome;
      }
      const outcome = await likeProfile(profile.id, fallback);
      if (outcome.ok) setLike({ ...like, liked: true, match: outcome.value === 'match' || like.liked_by_them });
      return outcome;
    });
  const block = async () => {
    setConfirmBlock(false);
    if (await run(() => blockProfile(profile.id, fallback))) void revalidator.revalidate();
  };
  const unblock = async () => {
    if (await run(() => unblockProfile(profile.id, fallback))) void revalidator.revalidate();
  };

  return (
    <div className="d-grid gap-2" data-testid="member-actions">
      {like.match ? (
        <p className="text-success fw-semibold mb-0">🎉 {t('profile-view:match')}</p>
      ) : like.liked_by_them ? (
        <p className="text-secondary mb-0">{t('profile-view:likedByThem', { name: profile.name })}</p>
      ) : null}
      {error && (
        <p className="alert alert-danger mb-0" role="alert">
          {error}
        </p>
      )}
      {profile.blocked_by_me ? (
        <>
          <p className="alert alert-warning mb-0" data-testid="blocked-notice">
            {t('profile-view:blockedNotice', { name: profile.name })}
          </p>
          <button type="button" className="btn btn-outline-secondary" onClick={() => void unblock()} disabled={!idle} data-testid="action-unblock">
            {t('profile-view:unblock')}
          </button>
        </>
      ) : (
        <>
          <Link className="btn btn-primary" to={chat} data-testid="action-message">
            ✉️ {t('profile-view:message')}
          </Link>
          <div className="d-flex gap-2">
            <button type="button" className={`btn flex-fill ${like.liked ? 'btn-primary' : 'btn-outline-primary'}`} aria-pressed={like.liked} onClick={() => void toggleLike()} disabled={!idle} data-testid="action-like">
              {like.liked ? `♥ ${t('profile-view:unlike')}` : `♡ ${t('profile-view:like')}`}
            </button>
            <Link className="btn btn-outline-primary flex-fill" to={`${chat}?gift=1`}>
              🎁 {t('profile-view:gift')}
            </Link>
          </div>
          <div className="d-flex gap-2 justify-content-between">
            <button type="button" className="btn btn-link text-secondary px-0" onClick={() => setConfirmBlock(true)} disabled={!idle} data-testid="action-block">
              {t('profile-view:block')}
            </button>
            <Link className="btn btn-link text-secondary px-0" to={report} data-testid="action-report">
              {t('profile-view:report')}
            </Link>
          </div>
        </>
      )}
      <Modal show={confirmBlock} onHide={() => setConfirmBlock(false)} size="sm" centered>
        <Modal.Header closeButton closeLabel={t('profile-view:close')}>
          <Modal.Title as="h2" className="h5">
            {t('profile-view:blockTitle', { name: profile.name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('profile-view:blockText', { name: profile.name })}</Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirmBlock(false)}>
            {t('profile-view:cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void block()} data-testid="confirm-block">
            {t('profile-view:block')}
          </button>
        </Modal.Footer>
      </Modal>
    </div>
  );
}
