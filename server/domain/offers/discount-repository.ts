import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { discountCodes, discountRedemptions } from '../../db/offers-schema';

type Conn = Db | Tx;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** A code of this site (or of every site) by its text, in any case. */
export async function findCode(db: Conn, siteId: number, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code.trim().toUpperCase()), or(isNull(discountCodes.siteId), eq(discountCodes.siteId, siteId))));
  return row;
}

/** Whether the member already used a once-per-user code for a payment that still counts. */
export async function usedBy(db: Conn, codeId: number, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), eq(discountRedemptions.memberId, memberId), eq(discountRedemptions.counts, true)));
  return (row?.n ?? 0) > 0;
}
