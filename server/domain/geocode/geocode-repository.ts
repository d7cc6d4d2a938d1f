import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { members } from '../../db/schema';

export interface StoredPlace {
  country: string;
  regionCode: string | null;
  city: string;
}

/** Sets a member's country, region and city (the profile's location). */
export async function storeMemberPlace(db: Db, memberId: number, place: StoredPlace): Promise<void> {
  await db.update(members).set({ country: place.country, regionCode: place.regionCode, city: place.city }).where(eq(members.id, memberId));
}
