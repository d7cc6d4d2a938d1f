import { count, eq } from 'drizzle-orm';
import { servedCountry } from '../../../common/reference/countries';
import type { Db, Tx } from '../database';
import { creditBundles } from '../payments-schema';
import { sites } from '../schema';

/** Credits per bundle, smallest first; the third is marked best value. */
const LADDER_CREDITS = [100, 250, 550, 1200];
const BEST_VALUE = 2;

/** Prices per currency in minor units, rounded the way shops price in each currency. */
const LADDER_PRICES: Record<string, readonly number[]> = {
  EUR: [999, 1999, 3999, 7499],
  CHF: [999, 1999, 3999, 7499],
  GBP: [899, 1799, 3499, 6499],
  USD: [999, 1999, 3999, 7499],
  CAD: [1399, 2799, 5499, 9999],
  AUD: [1499, 2999, 5999, 10999],
  NZD: [1599, 3199, 6399, 11999],
  PLN: [4299, 8499, 16999, 31999],
  DKK: [7495, 14995, 29995, 55995],
  SEK: [10995, 21995, 43995, 82995],
  NOK: [10995, 21995, 43995, 82995],
};

function ladder(siteId: number, country: string | null, currency: string): (typeof creditBundles.$inferInsert)[] {
  const prices = LADDER_PRICES[currency]!;
  return LADDER_CREDITS.map((credits, i) => ({ siteId, country, currency, credits, amountMinor: prices[i]!, position: i, bestValue: i === BEST_VALUE }));
}

/**
 * The demo price lists: per site one EUR list for the euro countries (country null) and one
 * list per served country with another currency. Added to a site that has no bundles yet.
 */
export async function ensureDemoBundles(db: Db | Tx): Promise<void> {
  const siteRows = await db.select({ id: sites.id, settings: sites.settings }).from(sites);
  for (const site of siteRows) {
    const [existing] = await db.select({ n: count() }).from(creditBundles).where(eq(creditBundles.siteId, site.id));
    if ((existing?.n ?? 0) > 0) continue;
    const rows = ladder(site.id, null, 'EUR');
    for (const country of site.settings.countries) {
      const currency = servedCountry(country)?.currency ?? 'EUR';
      if (currency !== 'EUR' && LADDER_PRICES[currency]) rows.push(...ladder(site.id, country, currency));
    }
    await db.insert(creditBundles).values(rows);
  }
}
