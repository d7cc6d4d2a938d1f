import { and, asc, eq, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { discountCodes, discountRedemptions } from '../../db/offers-schema';
import { payments } from '../../db/payments-schema';
import { members } from '../../db/schema';

type Conn = Db | Tx;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type NewDiscountCode = typeof discountCodes.$inferInsert;

/** What the offers of a member depend on: when they signed up and whether they ever paid. */
export interface OfferMember {
  id: number;
  siteId: number;
  createdAt: Date;
  paidUser: boolean;
}

/** A code of this site (or of every site) by its text, in any case. */
export async function findCode(db: Conn, siteId: number, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.code, code.trim().toUpperCase()), or(isNull(discountCodes.siteId), eq(discountCodes.siteId, siteId))));
  return row;
}

/** Any code by its text, whatever its site (the operator's command). */
export async function findCodeAnywhere(db: Conn, code: string): Promise<DiscountCodeRow | undefined> {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code.trim().toUpperCase()));
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

/** The member as their offers see them, read now (a payment a minute ago ends the welcome offers). */
export async function offerMember(db: Conn, memberId: number): Promise<OfferMember | undefined> {
  const [row] = await db.select({ id: members.id, siteId: members.siteId, createdAt: members.createdAt, paidUser: members.paidUser }).from(members).where(eq(members.id, memberId));
  return row;
}

/**
 * The member row locked until the transaction ends, so one member's welcome offer is taken one
 * payment at a time. NO KEY UPDATE, not UPDATE: the payment inserted before holds KEY SHARE on
 * this row (its foreign key), and two payments each waiting for UPDATE would deadlock.
 */
export async function lockOfferMember(tx: Tx, memberId: number): Promise<OfferMember | undefined> {
  const [row] = await tx
    .select({ id: members.id, siteId: members.siteId, createdAt: members.createdAt, paidUser: members.paidUser })
    .from(members)
    .where(eq(members.id, memberId))
    .for('no key update');
  return row;
}

/** Whether the member used a code of these kinds for a payment (other than `exceptPaymentId`) that still counts. */
export async function kindUsedBy(db: Conn, kinds: readonly string[], memberId: number, exceptPaymentId?: number): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(
      and(
        eq(discountRedemptions.memberId, memberId),
        eq(discountRedemptions.counts, true),
        inArray(discountCodes.kind, [...kinds]),
        exceptPaymentId === undefined ? undefined : ne(discountRedemptions.paymentId, exceptPaymentId),
      ),
    );
  return (row?.n ?? 0) > 0;
}

/** The kind of the code a payment was started with, if it had one. */
export async function redeemedKind(db: Conn, paymentId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ kind: discountCodes.kind })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(eq(discountRedemptions.paymentId, paymentId));
  return row?.kind;
}

/** Whether another payment of the member was ever paid (refunded ones too: they were completed). */
export async function paidOtherPayment(db: Conn, memberId: number, paymentId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), ne(payments.id, paymentId), isNotNull(payments.paidAt)))
    .limit(1);
  return row !== undefined;
}

/** A payment's credits cut to what was paid for, the reason kept in its details (the transactions page shows the credits). */
export async function withdrawDiscount(tx: Tx, paymentId: number, credits: number, record: Record<string, unknown>): Promise<void> {
  await tx
    .update(payments)
    .set({ credits, details: sql`${payments.details} || ${JSON.stringify({ discount_withdrawn: record })}::jsonb`, updatedAt: new Date() })
    .where(eq(payments.id, paymentId));
}

/** The member's personal stay code, if one was made. */
export async function personalCode(db: Conn, memberId: number, kind: 'stay'): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(and(eq(discountCodes.memberId, memberId), eq(discountCodes.kind, kind)));
  return row;
}

/**
 * Inserts a code unless one with its text, or the member's personal code of its kind, exists
 * (discount_codes_member_offer_idx): two concurrent first asks make one row.
 */
export async function insertCodeOnce(db: Conn, values: NewDiscountCode): Promise<DiscountCodeRow | undefined> {
  const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
  return row;
}

export async function insertCode(db: Conn, values: NewDiscountCode): Promise<DiscountCodeRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  return row!;
}

/** The operator's codes (not members' personal ones), oldest first. */
export async function listOperatorCodes(db: Conn): Promise<DiscountCodeRow[]> {
  return db.select().from(discountCodes).where(isNull(discountCodes.memberId)).orderBy(asc(discountCodes.id));
}

export async function setCodeStatus(db: Conn, id: number, status: 'active' | 'disabled'): Promise<void> {
  await db.update(discountCodes).set({ status }).where(eq(discountCodes.id, id));
}

/** A code used for a payment, in the payment's transaction; a second once-per-user use violates discount_redemptions_once_idx. */
export async function insertRedemption(tx: Tx, values: { codeId: number; memberId: number; paymentId: number; oncePerUser: boolean }): Promise<void> {
  await tx.insert(discountRedemptions).values(values);
}

/** The payment did not go through: its code counts no more (the member may use it again). */
export async function releaseRedemption(tx: Tx, paymentId: number): Promise<void> {
  await tx.update(discountRedemptions).set({ counts: false }).where(eq(discountRedemptions.paymentId, paymentId));
}

/**
 * A payment given up on was paid after all (a late bank transfer): its code counts again,
 * unless the member used it on another payment meanwhile; that use keeps the code used, and
 * the money that arrived is booked all the same (a savepoint: the settlement goes on).
 */
export async function recountRedemption(tx: Tx, paymentId: number): Promise<void> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint
        .update(discountRedemptions)
        .set({ counts: true })
        .where(and(eq(discountRedemptions.paymentId, paymentId), eq(discountRedemptions.counts, false)));
    });
  } catch (error) {
    if (!isOncePerUserConflict(error)) throw error;
  }
}

/** A second use of a once-per-user code that counts (discount_redemptions_once_idx); drizzle wraps the driver's error in `cause`. */
export function isOncePerUserConflict(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e.code ? e : e.cause;
  return pgError?.code === '23505' && pgError.constraint === 'discount_redemptions_once_idx';
}
