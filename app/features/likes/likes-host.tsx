import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { AUTO_LIKE_RELOAD_MS } from '../../../common/limits';
import type { MemberTile } from '../../../common/members/member-tile';
import { membersEndpoints } from '../../../common/members/members-endpoints';
import { api } from '../../lib/api';
import { ApiClientError } from '../../lib/api-client';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { inMembersArea } from '../../members-area';
import { onLike } from '../../lib/like-events';
import { hasAttentionCount, setAttentionCount } from '../../lib/attention-count';
import { useRootData } from '../../lib/use-root-data';
import { loadNamespaces } from '../../i18n/namespaces';
import { fetchAutoLike, loadLikes } from './likes-client';
import type { OverlayLike } from './new-like-overlay';

const NewLikeOverlay = lazy(() => import('./new-like-overlay'));
const LikeModal = lazy(() => import('./like-modal'));

/** Likes already shown in the overlay (per browser), so a new like pops up once. */
const SHOWN_KEY = 'rv.likes.shown';
/** Set once per browser session: the page-load check for new likes ran. */
const CHECKED_KEY = 'rv.likes.checked';

function shownIds(): number[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(SHOWN_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : [];
  } catch {
    return [];
  }
}

function remember(id: number): void {
  try {
    localStorage.setItem(SHOWN_KEY, JSON.stringify([...shownIds().filter((v) => v !== id), id].slice(-50)));
  } catch {
    // Private mode: the overlay may show again, nothing worse.
  }
}

/**
 * Whether 'New like!' may pop up by itself on this page load (router matches, ?t=): in the
 * members area of spec 2, the same pages as the offers, unless ?t= opens the like modal.
 */
export function newLikeOnLoad(matches: readonly { id: string }[], t: string | null): boolean {
  return likeModalDelay(t) === null && inMembersArea(matches);
}

/** The positive whole number of seconds in ?t=, else null. */
export function likeModalDelay(t: string | null): number | null {
  if (t === null || !/^\d+$/.test(t)) return null;
  const n = Number(t);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

async function cardOf(id: number): Promise<MemberTile | null> {
  try {
    return (await api.call(membersEndpoints.memberCard, { query: { id } })) || null;
  } catch (error) {
    // Not listed (any more): the overlay shows without the card.
    if (error instanceof ApiClientError && error.status >= 400 && error.status < 500) return null;
    throw error;
  }
}

/**
 * For logged-in members on every page of the default layout: the new-like overlay ('It's a
 * Match' when a like made here is mutual; 'New like!' when the member has a new like not
 * shown yet, from auto-like) and the like modal (?t=N opens it after N seconds).
 */
export function LikesHost() {
  const { locale, user } = useRootData();
  const { i18n } = useTranslation();
  const location = useLocation();
  const matches = useMatches();
  const navigate = useNavigate();
  const [overlay, setOverlay] = useState<OverlayLike | null>(null);
  const [modal, setModal] = useState<OverlayLike | null>(null);
  const bundle = useRef<Promise<void> | null>(null);
  const modalTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const ensureTexts = useCallback(() => (bundle.current ??= loadNamespaces(locale, i18n, ['likes'])), [locale, i18n]);

  // The page title's prefix counts new likes too (spec section 2): the user object's count until the likes feature reports one.
  const newLikes = user?.new_likes ?? 0;
  useEffect(() => {
    if (!hasAttentionCount('likes')) setAttentionCount('likes', newLikes);
  }, [newLikes]);

  // 'It's a Match': a like made anywhere on the page turned out mutual.
  useEffect(
    () =>
      onLike(({ profileId, state }) => {
        if (state !== 'match') return;
        void Promise.all([cardOf(profileId), ensureTexts()]).then(([card]) => {
          remember(profileId);
          setOverlay({ kind: 'match', profileId, name: card?.name ?? '', photo: card?.photo?.thumb ?? null });
        });
      }),
    [ensureTexts],
  );

  // The like modal: ?t=N opens it after N seconds; t leaves the URL at once.
  const t = new URLSearchParams(location.search).get('t');
  useEffect(() => {
    const delay = likeModalDelay(t);
    if (delay === null) return;
    const params = new URLSearchParams(location.search);
    params.delete('t');
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, preventScrollReset: true });
    if (modalTimer.current) clearTimeout(modalTimer.current);
    modalTimer.current = setTimeout(() => {
      void Promise.all([fetchAutoLike(), ensureTexts()])
        .then(([{ profile }]) => {
          if (profile) setModal({ kind: 'new', profileId: profile.id, name: profile.name, photo: profile.main_image?.match ?? null });
        })
        .catch(() => undefined);
    }, delay * 1000);
    // The timer must survive t leaving the URL; it ends with the host.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t]);
  useEffect(() => () => void (modalTimer.current && clearTimeout(modalTimer.current)), []);

  // 'New like!' on page load in the members area: the first time in a session auto-like
  // supplies the profile (the newest new like, or one a profile sends by itself); later
  // loads show a new like not shown yet, when the member has any.
  useEffect(() => {
    if (!newLikeOnLoad(matches, t)) return;
    let checked: boolean;
    try {
      checked = sessionStorage.getItem(CHECKED_KEY) === '1';
      sessionStorage.setItem(CHECKED_KEY, '1');
    } catch {
      // No storage: treat every load as a later one.
      checked = true;
    }
    let cancelled = false;
    const show = (like: OverlayLike | null) => {
      if (cancelled || !like || shownIds().includes(like.profileId)) return;
      remember(like.profileId);
      setOverlay(like);
    };
    if (!checked) {
      // Likes reloaded after AUTO_LIKE_RELOAD_MS (spec section 7): the badge counts an auto-like.
      setTimeout(() => void loadLikes().catch(() => undefined), AUTO_LIKE_RELOAD_MS);
      void Promise.all([fetchAutoLike(), ensureTexts()])
        .then(([{ profile }]) => show(profile && { kind: 'new', profileId: profile.id, name: profile.name, photo: profile.main_image?.match ?? null }))
        .catch(() => undefined);
    } else if (user && user.new_likes > 0) {
      void Promise.all([loadLikes(), ensureTexts()])
        .then(([all]) => {
          const shown = shownIds();
          const next = all.liked_by.find((e) => e.like_new && !shown.includes(e.id));
          show(next ? { kind: 'new', profileId: next.id, name: next.name, photo: next.photo?.thumb ?? null } : null);
        })
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
    };
    // Once per page load: a full load mounts the layout again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const closeOverlay = useCallback(() => setOverlay(null), []);
  const toProfile = (id: number) => {
    setOverlay(null);
    setModal(null);
    void navigate(paths.member(id));
  };
  const startChat = (id: number) => {
    setOverlay(null);
    void navigate(paths.memberChat(id, true));
  };

  return (
    <Suspense fallback={null}>
      {overlay && <NewLikeOverlay like={overlay} onPhoto={toProfile} onButton={startChat} onClose={closeOverlay} />}
      {modal && <LikeModal like={modal} onOpen={toProfile} onClose={() => setModal(null)} />}
    </Suspense>
  );
}
