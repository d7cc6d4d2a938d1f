import { z } from 'zod';

/** A member as shown on a tile: never an e-mail, coordinates or anything private. */
export const memberTileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  country: z.string(),
  photo: z.object({ thumb: z.string(), width: z.number().int(), height: z.number().int() }).nullable(),
  fictional: z.boolean(),
  /**
   * The member may not be shown to this viewer (hidden, unconfirmed, deleted, or they blocked
   * the viewer) but a conversation with them stays readable: a neutral card with a translated
   * name and no photo, city or age.
   */
  unavailable: z.literal(true).optional(),
});
export type MemberTile = z.infer<typeof memberTileSchema>;

/** Whole years between a YYYY-MM-DD birth date and `on`. */
export function ageOn(birthDate: string, on: Date = new Date()): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = on.getUTCFullYear() - y;
  const month = on.getUTCMonth() + 1;
  if (month < m || (month === m && on.getUTCDate() < d)) age -= 1;
  return age;
}
