import { useTranslation } from '../../i18n/react';
import type { MemberTile as MemberTileData } from '../../../common/members/member-tile';
import { MemberTile } from './member-tile';

/** A grid of recently active members on the visitor home page. */
export function MemberTeaser({ tiles }: { tiles: MemberTileData[] }) {
  const { t } = useTranslation();
  if (tiles.length === 0) return null;
  return (
    <section className="container py-5" aria-labelledby="member-teaser">
      <h2 id="member-teaser" className="h3 mb-4">
        {t('home.teaserTitle')}
      </h2>
      <div className="row g-3 row-cols-2 row-cols-sm-3 row-cols-lg-6">
        {tiles.map((tile) => (
          <div className="col" key={tile.id}>
            <MemberTile tile={tile} />
          </div>
        ))}
      </div>
    </section>
  );
}
