import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';

export interface StoredPlace {
  country: string;
  regionCode: string | null;
  city: string;
  /** The centre of the member's 0.1-degree grid cell (search/cells.ts snapToCell), never the point. */
  cellLat: number;
  cellLon: number;
}

/** Sets a member's country, region, city and grid cell (the profile's location) in one statement. */
export async function storeMemberPlace(db: Db, memberId: number, place: StoredPlace): Promise<void> {
  await db
    .update(members)
    .set({ country: place.country, regionCode: place.regionCode, city: place.city, cellLat: place.cellLat, cellLon: place.cellLon })
    .where(eq(members.id, memberId));
}
