import { useCallback, useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Link } from 'react-router';
import type { SwipeAllowance } from '../../../common/likes/likes';
import type { MemberTile } from '../../../common/members/member-tile';
import { useBundles } from '../../i18n/react';
import { paths } from '../../paths';
import { useCountdown } from './countdown';
import { ThumbsUp } from './thumbs-up';
import { fetchSwipeCards, sendSwipe } from './likes-client';
import { PageTitle } from '../../components/page-title';

/** How far (px) a card must be dragged to count as a like (right) or a pass (left). */
const SWIPE_THRESHOLD_PX = 80;

/**
 * The swipe game (spec sections 2, 4, 9): one card at a time, like or pass by button,
 * arrow key or swipe; SWIPE_LIKES_PER_DAY likes a day with a countdown to the next one.
 * A match surfaces in the new-like overlay (the like is announced).
 */
export function SwipeGame({ bundle }: { bundle: Record<string, unknown> }) {
  const { t } = useBundles({ likes: bundle });
  const [cards, setCards] = useState<MemberTile[] | null>(null);
  const [allowance, setAllowance] = useState<SwipeAllowance | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [drag, setDrag] = useState(0);
  const [dragging, setDragging] = useState(false);
  const start = useRef<number | null>(null);

  const load = useCallback(async () => {
    try {
      const answer = await fetchSwipeCards();
      setCards(answer.cards);
      setAllowance(answer.allowance);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('likes:errors.failed'));
    }
  }, [t]);
  useEffect(() => void load(), [load]);

  const nextAtMs = allowance?.next_at ? Date.parse(allowance.next_at) : null;
  const countdown = useCountdown(nextAtMs, () => void load());
  const card = cards?.[0] ?? null;
  const canLike = Boolean(allowance && allowance.remaining > 0);

  const decide = useCallback(
    async (action: 'like' | 'pass') => {
      if (!card || busy || (action === 'like' && !canLike)) return;
      setBusy(true);
      setError(null);
      try {
        const answer = await sendSwipe(card.id, action);
        setAllowance(answer.allowance);
        if (answer.state !== 'limit') {
          const rest = (cards ?? []).slice(1);
          setCards(rest);
          if (rest.length === 0) await load();
        }
      } catch (e) {
        setError(e instanceof Error && e.message ? e.message : t('likes:errors.failed'));
      } finally {
        setBusy(false);
        setDrag(0);
      }
    },
    [card, busy, canLike, cards, load, t],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      if (event.key === 'ArrowRight') void decide('like');
      else if (event.key === 'ArrowLeft') void decide('pass');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [decide]);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    start.current = event.clientX;
    setDragging(true);
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (start.current !== null) setDrag(event.clientX - start.current);
  };
  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const dx = event.clientX - start.current;
    start.current = null;
    setDragging(false);
    if (dx > SWIPE_THRESHOLD_PX && canLike) void decide('like');
    else if (dx < -SWIPE_THRESHOLD_PX) void decide('pass');
    else setDrag(0);
  };

  return (
    <div className="container py-4" style={{ maxWidth: 480 }}>
      <PageTitle text={t('likes:swipe.title')} />
      <h1 className="h3">{t('likes:swipe.title')}</h1>
      <p className="text-body-secondary">{t('likes:swipe.intro')}</p>
      {allowance && (
        <p data-testid="swipe-allowance" className="mb-2">
          {allowance.remaining > 0 ? (
            t('likes:swipe.remaining', { count: allowance.remaining, limit: allowance.limit })
          ) : (
            <>
              {t('likes:swipe.limitReached')}{' '}
              {countdown && <strong data-testid="swipe-countdown">{t('likes:swipe.nextIn', { time: countdown })}</strong>}
            </>
          )}
        </p>
      )}
      {error && (
        <div className="alert alert-danger" role="alert">
          {error}
        </div>
      )}
      {cards !== null && !card && (
        <div className="text-center py-5" data-testid="swipe-empty">
          <p className="text-body-secondary">{t('likes:swipe.noCards')}</p>
          <Link className="btn btn-primary" to={paths.members()}>
            {t('likes:searchMembers')}
          </Link>
        </div>
      )}
      {card && (
        <>
          <div
            className="card shadow position-relative overflow-hidden user-select-none"
            style={{ transform: `translateX(${drag}px) rotate(${drag / 20}deg)`, transition: dragging ? 'none' : 'transform .2s', touchAction: 'pan-y' }}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => {
              start.current = null;
              setDragging(false);
              setDrag(0);
            }}
            data-testid="swipe-card"
            data-profile-id={card.id}
            aria-label={t('likes:swipe.card', { name: card.name, age: card.age })}
            role="group"
          >
            <div className="ratio ratio-1x1 bg-body-secondary">
              {card.photo ? (
                <img src={card.photo.thumb} alt={t('likes:overlay.photo', { name: card.name })} className="w-100 h-100 object-fit-cover" draggable={false} />
              ) : (
                <span className="d-flex align-items-center justify-content-center display-1" aria-hidden="true">
                  {card.name.slice(0, 1)}
                </span>
              )}
            </div>
            <div className="card-body">
              <h2 className="h5 mb-0">
                <Link to={paths.member(card.id)}>
                  {card.name}, {card.age}
                </Link>
              </h2>
              {card.city && <div className="text-body-secondary">{card.city}</div>}
            </div>
          </div>
          <div className="d-flex justify-content-center gap-3 mt-3">
            <button type="button" className="btn btn-outline-secondary btn-lg px-4" onClick={() => void decide('pass')} disabled={busy} data-testid="swipe-pass">
              {t('likes:swipe.pass')}
            </button>
            <button type="button" className="btn btn-secondary btn-lg px-4" onClick={() => void decide('like')} disabled={busy || !canLike} data-testid="swipe-like">
              <ThumbsUp className="me-1" /> {t('likes:swipe.like')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}
