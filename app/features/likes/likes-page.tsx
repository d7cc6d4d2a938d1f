import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { LikeEntry, LikesResponse, LikeTab } from '../../../common/likes/likes';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { setAttentionCount } from '../../lib/attention-count';
import { onLike } from '../../lib/like-events';
import { onPushMessage } from '../../lib/push-store';
import { likeMember, loadLikes, markLikeSeen, unlikeMember } from './likes-client';
import { LikeTile } from './like-tile';
import { PageTitle } from '../../components/page-title';

const TABS: LikeTab[] = ['received', 'sent', 'matches'];

/** Which entries a tab lists: received (new first, as the API orders them), sent, or mutual ones. */
export function entriesOf(likes: LikesResponse, tab: LikeTab): LikeEntry[] {
  if (tab === 'received') return likes.liked_by;
  if (tab === 'sent') return likes.profiles;
  return likes.profiles.filter((e) => e.mutual);
}

/**
 * The likes page (spec section 2): tabs received, sent and matches with tiles, like-back and
 * unlike buttons; `openedId` is the like opened from a mail or push (/likes/m/{id}), shown first.
 */
export function LikesPage({ bundle, initial, tab, openedId }: { bundle: Record<string, unknown>; initial: LikesResponse; tab: LikeTab; openedId: number | null }) {
  const { t } = useBundles({ likes: bundle });
  const [likes, setLikes] = useState(initial);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setLikes(initial), [initial]);
  useEffect(() => setAttentionCount('likes', likes.new_likes), [likes.new_likes]);
  // Likes made elsewhere on the page (the overlay's like back, a profile) show here too.
  useEffect(() => onLike(() => void loadLikes().then(setLikes, () => undefined)), []);
  // A push reached this browser (spec 4: a pushed message reloads chats and likes).
  useEffect(() => onPushMessage(() => void loadLikes().then(setLikes, () => undefined)), []);
  // The like opened from a mail or push is seen now: a POST from this page, never the page's GET.
  useEffect(() => {
    if (openedId === null) return;
    void markLikeSeen(openedId).then(
      (newLikes) => setLikes((current) => ({ ...current, new_likes: newLikes, liked_by: current.liked_by.map((e) => (e.id === openedId ? { ...e, like_new: false } : e)) })),
      () => undefined,
    );
  }, [openedId]);

  const act = async (id: number, action: 'like' | 'unlike') => {
    setBusy(id);
    setError(null);
    try {
      if (action === 'like') await likeMember(id, 'profile');
      else await unlikeMember(id);
      setLikes(await loadLikes());
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('likes:errors.failed'));
    } finally {
      setBusy(null);
    }
  };

  const list = entriesOf(likes, tab);
  const opened = openedId === null ? null : (likes.liked_by.find((e) => e.id === openedId) ?? null);
  const sentIds = new Set(likes.profiles.map((e) => e.id));
  const shown = opened ? [opened, ...list.filter((e) => e.id !== opened.id)] : list;

  return (
    <div className="container py-4">
      <PageTitle text={t('likes:title')} />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{t('likes:title')}</h1>
        <Link className="btn btn-outline-secondary btn-sm" to={paths.swipeGame()}>
          {t('likes:swipe.title')}
        </Link>
      </div>
      <nav aria-label={t('likes:tabs.label')}>
        <ul className="nav nav-tabs mb-3">
          {TABS.map((name) => (
            <li className="nav-item" key={name}>
              <Link
                className={`nav-link${name === tab ? ' active' : ''}`}
                aria-current={name === tab ? 'page' : undefined}
                to={paths.likesTab(name)}
                data-testid={`likes-tab-${name}`}
              >
                {t(`likes:tabs.${name}`)}
                {name === 'received' && likes.new_likes > 0 && <span className="badge rounded-pill text-bg-secondary ms-1">{likes.new_likes}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {opened && (
        <p className="lead" data-testid="opened-like">
          {t('likes:openedLike', { name: opened.name })}
        </p>
      )}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {shown.length === 0 ? (
        <div className="text-center py-5" data-testid="likes-empty">
          <p className="text-body-secondary">{t(`likes:empty.${tab}`)}</p>
          <Link className="btn btn-primary" to={paths.members()}>
            {t('likes:searchMembers')}
          </Link>
        </div>
      ) : (
        <div className="row row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-lg-5 g-2 g-md-3" data-testid={`likes-list-${tab}`}>
          {shown.map((entry) => {
            const iLiked = tab !== 'received' || sentIds.has(entry.id);
            return (
              <div className="col" key={entry.id}>
                <LikeTile
                  tile={entry}
                  highlight={entry.id === openedId}
                  badges={
                    <>
                      {entry.like_new && <span className="badge text-bg-secondary">{t('likes:new')}</span>}
                      {entry.mutual && <span className="badge text-bg-primary">{t('likes:match')}</span>}
                    </>
                  }
                >
                  {iLiked ? (
                    <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy === entry.id} onClick={() => void act(entry.id, 'unlike')}>
                      {t('likes:unlike')}
                    </button>
                  ) : (
                    <button type="button" className="btn btn-secondary btn-sm" disabled={busy === entry.id} onClick={() => void act(entry.id, 'like')} data-testid="like-back">
                      {t('likes:likeBack')}
                    </button>
                  )}
                </LikeTile>
              </div>
            );
          })}
        </div>
      )}
    </div>
  );
}
