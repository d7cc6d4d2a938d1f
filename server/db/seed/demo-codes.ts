import type { Db, Tx } from '../database';
import { discountCodes } from '../offers-schema';

/**
 * The demo's discount code, so `npm start` has one to try (/credits?code=DEMO20): 20 % off on
 * every site, as often as one likes. TIMEBONUS25 comes with migration 0023. Added when absent.
 */
export const DEMO_CODE = 'DEMO20';

export async function ensureDemoCodes(db: Db | Tx): Promise<void> {
  await db.insert(discountCodes).values({ code: DEMO_CODE, valuePercentageBp: 2000, validity: 'unlimited', kind: 'code' }).onConflictDoNothing({ target: discountCodes.code });
}
