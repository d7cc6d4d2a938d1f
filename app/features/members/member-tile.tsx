import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import type { MemberTile as MemberTileData } from '../../../common/members/member-tile';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';

/** A member's photo tile with name, age and city; fictional profiles carry their warning icon. */
export function MemberTile({ tile, eager = false }: { tile: MemberTileData; eager?: boolean }) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  return (
    <Link to={paths.member(tile.id)} className="d-block rv-tile text-decoration-none" data-testid="member-tile">
      {tile.photo && (
        <img src={tile.photo.thumb} width={tile.photo.width} height={tile.photo.height} alt={t('members.photoOf', { name: tile.name })} loading={eager ? 'eager' : 'lazy'} decoding="async" />
      )}
      {tile.fictional && (
        <span className="rv-tile-fictional badge text-bg-warning" title={settings.fictional_warning}>
          🎭 <span className="visually-hidden">{settings.fictional_singular}</span>
        </span>
      )}
      <span className="rv-tile-caption">
        <strong>{tile.name}</strong>, {tile.age}
        {tile.city && <span className="d-block small">{tile.city}</span>}
      </span>
    </Link>
  );
}
