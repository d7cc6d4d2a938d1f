import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { MemberTile } from '../../../common/members/member-tile';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';

/** A member's photo, name, age and city linking to the profile, with badges and actions below. */
export function LikeTile({ tile, badges, children, highlight = false }: { tile: MemberTile; badges?: ReactNode; children?: ReactNode; highlight?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={`card h-100 shadow-sm${highlight ? ' border-secondary border-2' : ''}`} data-testid="like-tile" data-profile-id={tile.id}>
      <Link to={paths.member(tile.id)} className="position-relative d-block ratio ratio-1x1 bg-body-secondary rounded-top overflow-hidden" aria-label={t('likes:viewProfile')}>
        {tile.photo ? (
          <img src={tile.photo.thumb} alt={t('likes:overlay.photo', { name: tile.name })} loading="lazy" decoding="async" className="w-100 h-100 object-fit-cover" />
        ) : (
          <span className="d-flex align-items-center justify-content-center fs-1" aria-hidden="true">
            {tile.name.slice(0, 1)}
          </span>
        )}
        {badges && <span className="position-absolute top-0 start-0 p-2 d-flex gap-1" style={{ height: 'auto', width: 'auto' }}>{badges}</span>}
      </Link>
      <div className="card-body p-2">
        <div className="fw-semibold text-truncate">
          {tile.name}, {tile.age}
        </div>
        {tile.city && <div className="small text-body-secondary text-truncate">{tile.city}</div>}
        {children && <div className="mt-2 d-grid gap-1">{children}</div>}
      </div>
    </div>
  );
}
