import { ageOn, type MemberTile } from '../../../common/members/member-tile';
import type { Db, Tx } from '../../db/database';
import { findTileRow } from './members-repository';

/** A tile row (tileColumns): the member and the keys of their main photo (a type, so raw query rows can use it). */
export type TileRow = {
  id: number;
  name: string;
  birthDate: string;
  city: string | null;
  country: string;
  fictional: boolean;
  thumb: string | null;
  width: number | null;
  height: number | null;
};

/** A member tile; `fileUrl` turns the photo key into a URL (signed), or keeps it (stored events). */
export function toTile(row: TileRow, fileUrl: (key: string) => string, now = new Date()): MemberTile {
  return {
    id: row.id,
    name: row.name,
    age: ageOn(row.birthDate, now),
    city: row.city,
    country: row.country,
    photo: row.thumb ? { thumb: fileUrl(row.thumb), width: row.width ?? 0, height: row.height ?? 0 } : null,
    fictional: row.fictional,
  };
}

/** One member's tile by id (null: no such member). */
export async function memberTile(db: Db | Tx, memberId: number, fileUrl: (key: string) => string = (key) => key): Promise<MemberTile | null> {
  const row = await findTileRow(db, memberId);
  return row ? toTile(row, fileUrl) : null;
}

/**
 * The neutral card of a member the viewer may not see (visibility rule: members-repository
 * memberVisibility) in a conversation that stays readable: nothing of the profile but its id,
 * which the viewer already knows; `name` is the translated "member not available".
 */
export function unavailableTile(id: number, name: string): MemberTile {
  return { id, name, age: 0, city: null, country: '', photo: null, fictional: false, unavailable: true };
}
