import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DISTANCE_LABELS, type SearchTile as SearchTileData } from '../../../common/search/search-schema';
import { useTranslation } from '../../i18n/react';
import { useHydrated } from '../../lib/use-hydrated';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { likeFromSearch } from './search-api';

/** The emoji shown for the site's fictional_icon setting (an icon name). */
const FICTIONAL_ICONS: Record<string, string> = { 'theater-masks': '🎭', mask: '🎭', star: '⭐', info: 'ℹ️' };

type LikeState = 'idle' | 'sending' | 'liked' | 'match' | 'failed';

/**
 * A search result: photo, name, age, city, distance band and the fictional-profile icon;
 * members get a like button and a link to the profile, visitors a link to the signup with a
 * first message to this member. Cam tiles (sites reselling cam profiles) link to the landing page.
 */
export function SearchTile({ tile, visitor, eager = false }: { tile: SearchTileData; visitor: boolean; eager?: boolean }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const [like, setLike] = useState<LikeState>('idle');
  const hydrated = useHydrated();
  const location = useLocation();
  const signupParams = new URLSearchParams(location.search);
  signupParams.set('signup', String(tile.id));
  const to = tile.cam ? `${paths.member(tile.id)}/landing` : visitor ? `${location.pathname}?${signupParams.toString()}` : paths.member(tile.id);
  const label = tile.cam ? t('search:cam.label', { name: tile.name }) : visitor ? t('search:signupToContact', { name: tile.name }) : undefined;

  async function onLike() {
    setLike('sending');
    try {
      setLike(await likeFromSearch(tile.id));
    } catch {
      setLike('failed');
    }
  }

  return (
    <div className={`position-relative h-100${tile.cam ? ' border border-3 border-danger rounded' : ''}`} data-testid={tile.cam ? 'cam-tile' : 'search-tile'} data-member-id={tile.id}>
      <Link to={to} className="d-block rv-tile text-decoration-none" aria-label={label} preventScrollReset={visitor && !tile.cam}>
        {tile.photo && (
          <img src={tile.photo.thumb} width={tile.photo.width} height={tile.photo.height} alt={tile.name} loading={eager ? 'eager' : 'lazy'} decoding="async" />
        )}
        {tile.cam && (
          <span className="position-absolute top-0 start-0 m-2 badge text-bg-danger" data-testid="cam-badge">
            <span aria-hidden="true">● </span>
            {t(tile.cam === 'cam' ? 'search:cam.cam' : 'search:cam.resell')}
          </span>
        )}
        {tile.fictional && (
          <span className="rv-tile-fictional badge text-bg-warning" title={settings.fictional_warning} data-testid="fictional-icon">
            <span aria-hidden="true">{FICTIONAL_ICONS[settings.fictional_icon] ?? '⚠️'}</span>
            <span className="visually-hidden">{settings.fictional_singular}</span>
          </span>
        )}
        <span className="rv-tile-caption">
          <strong>{tile.name}</strong>, {tile.age}
          {(tile.city || tile.distance) && (
            <span className="d-block small">
              {tile.city}
              {tile.city && tile.distance && ' · '}
              {tile.distance && <span data-testid="distance">{DISTANCE_LABELS[tile.distance]}</span>}
            </span>
          )}
        </span>
      </Link>
      {!visitor && !tile.cam && (
        <button
          type="button"
          className={`btn btn-sm position-absolute bottom-0 end-0 m-2 rounded-circle ${like === 'liked' || like === 'match' ? 'btn-danger' : 'btn-light'}`}
          aria-label={like === 'match' ? t('search:match') : like === 'liked' ? t('search:liked') : t('search:like', { name: tile.name })}
          aria-pressed={like === 'liked' || like === 'match'}
          title={like === 'failed' ? t('search:likeFailed') : undefined}
          disabled={!hydrated || (like !== 'idle' && like !== 'failed')}
          onClick={() => void onLike()}
          data-testid="like-button"
        >
          <span aria-hidden="true">{like === 'match' ? '💞' : '♥'}</span>
        </button>
      )}
    </div>
  );
}

/** A responsive grid of tiles. */
export function TileGrid({ tiles, visitor, testId }: { tiles: SearchTileData[]; visitor: boolean; testId?: string }) {
  return (
    <div className="row g-3 row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6" data-testid={testId}>
      {tiles.map((tile, i) => (
        <div className="col" key={`${tile.id}-${i}`}>
          <SearchTile tile={tile} visitor={visitor} eager={i < 6} />
        </div>
      ))}
    </div>
  );
}
