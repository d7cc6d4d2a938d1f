import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { members, photos } from '../../db/schema';

/**
 * Conditions every public listing applies: only active, visible, confirmed-or-active
 * profiles with a public main photo. Later listings (search) reuse this.
 */
export function listedMemberConditions(siteId: number) {
  return and(
    eq(members.siteId, siteId),
    eq(members.status, 'active'),
    eq(members.profileStatus, 'active'),
    eq(members.invisible, false),
  );
}

export interface TeaserRow {
  id: number;
  name: string;
  birthDate: string;
  city: string | null;
  country: string;
  fictional: boolean;
  thumb: string;
  width: number;
  height: number;
}

/** What a member tile shows, as columns (the main photo joined as `photos`). */
export const tileColumns = {
  id: members.id,
  name: members.name,
  birthDate: members.birthDate,
  city: members.city,
  country: members.country,
  fictional: members.fictional,
  thumb: photos.thumbFilename,
  width: photos.width,
  height: photos.height,
};

/** Recently active members with a public main photo, for the visitor home page. */
export async function listTeaserMembers(db: Db, siteId: number, limit: number): Promise<TeaserRow[]> {
  return db
    .select(tileColumns)
    .from(members)
    .innerJoin(photos, and(eq(photos.id, members.mainPhotoId), eq(photos.status, 'active')))
    .where(and(listedMemberConditions(siteId), isNotNull(members.mainPhotoId)))
    .orderBy(desc(members.lastActiveAt))
    .limit(limit);
}
