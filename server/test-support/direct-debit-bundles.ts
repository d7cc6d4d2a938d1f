import { creditBundles } from '../db/payments-schema';
import type { Db } from '../db/database';

/**
 * Two Dutch euro bundles of the demo site for the direct-debit tests, against its limits
 * (demo-sites.ts: 3 direct debits and EUR 150 per 30 days): a small one (100 credits, EUR 10)
 * that fits three times, a large one (1,500 credits, EUR 120) that fits once.
 */
export async function directDebitBundles(db: Db, siteId: number): Promise<{ small: number; large: number }> {
  const [small, large] = await db
    .insert(creditBundles)
    .values([
      { siteId, country: 'NL', currency: 'EUR', credits: 100, amountMinor: 1_000, position: 1 },
      { siteId, country: 'NL', currency: 'EUR', credits: 1_500, amountMinor: 12_000, position: 2 },
    ])
    .returning();
  return { small: small!.id, large: large!.id };
}
