import { ageOn, type MemberTile } from '../../../common/members/member-tile';
import type { Db } from '../../db/database';
import { listTeaserMembers } from './members-repository';

const TTL_MS = 60_000;

/**
 * The member teaser of the visitor home page. Every visitor of a site sees the same
 * tiles, so one query a minute per site serves them all (the home page is the most
 * requested page and must stay cheap to render).
 */
export class TeaserService {
  private cache = new Map<number, { at: number; tiles: Promise<MemberTile[]> }>();

  constructor(
    private readonly db: Db,
    /** The URL of a public (active) photo's file: PhotoUrls.file. */
    private readonly fileUrl: (key: string) => string,
  ) {}

  /** Drops a site's cached tiles (a member left the listing: deleted, hidden). */
  forget(siteId: number): void {
    this.cache.delete(siteId);
  }

  tiles(siteId: number, limit = 12, now = Date.now()): Promise<MemberTile[]> {
    const hit = this.cache.get(siteId);
    if (hit && now - hit.at < TTL_MS) return hit.tiles;
    const tiles = listTeaserMembers(this.db, siteId, limit).then((rows) =>
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        age: ageOn(r.birthDate),
        city: r.city,
        country: r.country,
        photo: { thumb: this.fileUrl(r.thumb), width: r.width, height: r.height },
        fictional: r.fictional,
      })),
    );
    tiles.catch(() => this.cache.delete(siteId));
    this.cache.set(siteId, { at: now, tiles });
    return tiles;
  }
}
