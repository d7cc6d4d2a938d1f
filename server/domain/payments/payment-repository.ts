import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { directDebitAccounts } from '../../db/direct-debit-schema';
import { creditBundles, paymentMandates, payments } from '../../db/payments-schema';
import { members } from '../../db/schema';

type Conn = Db | Tx;
export type PaymentRow = typeof payments.$inferSelect;
export type BundleRow = typeof creditBundles.$inferSelect;
export type MandateRow = typeof paymentMandates.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** The bundles of a site for a payment country: its own rows, else the site's rows without a country. */
export async function bundlesFor(db: Conn, siteId: number, country: string): Promise<BundleRow[]> {
  const rows = await db
    .select()
    .from(creditBundles)
    .where(and(eq(creditBundles.siteId, siteId), eq(creditBundles.active, true), sql`(${creditBundles.country} = ${country} or ${creditBundles.country} is null)`))
    .orderBy(asc(creditBundles.position));
  const own = rows.filter((r) => r.country === country);
  return own.length > 0 ? own : rows.filter((r) => r.country === null);
}

/**
 * Inserts a payment unless the member already started one with this idempotency key; either
 * way returns the member's payment for the key (`created` says which).
 */
export async function insertPaymentOnce(db: Conn, row: NewPayment): Promise<{ payment: PaymentRow; created: boolean }> {
  const [inserted] = await db.insert(payments).values(row).onConflictDoNothing({ target: [payments.memberId, payments.idempotencyKey] }).returning();
  if (inserted) return { payment: inserted, created: true };
  const existing = await findPaymentByKey(db, row.memberId!, row.idempotencyKey);
  if (!existing) throw new Error('payment vanished between insert and select');
  return { payment: existing, created: false };
}

/** The member's payment started with this idempotency key, if any. */
export async function findPaymentByKey(db: Conn, memberId: number, idempotencyKey: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

export async function setProviderPayment(db: Conn, id: number, values: { providerPaymentId: string; checkoutUrl: string | null; status: string }): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

export async function findPayment(db: Conn, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** A member's payment by its public id: another member's id finds nothing. */
export async function findMemberPayment(db: Conn, memberId: number, publicId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.publicId, publicId)));
  return row;
}

export async function findPaymentByPublicId(db: Conn, publicId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.publicId, publicId));
  return row;
}

export async function findByProviderRef(db: Conn, provider: string, providerPaymentId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerPaymentId, providerPaymentId)));
  return row;
}

/** The payment row locked until the transaction ends: settlements of one payment run one at a time. */
export async function lockPayment(tx: Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}

export async function updatePayment(tx: Tx, id: number, values: Partial<Pick<PaymentRow, 'status' | 'feeMinor' | 'paidAt'>>): Promise<void> {
  await tx
    .update(payments)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(payments.id, id));
}

/** The member's newest paid payment: what a repeat order repeats. */
export async function lastPaidPayment(db: Conn, memberId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), sql`${payments.paidAt} is not null`))
    .orderBy(desc(payments.paidAt))
    .limit(1);
  return row;
}

/** A page of the member's payments past the checkout (an abandoned open one is no transaction), newest first, those before `beforeId` (exclusive). */
export async function listPayments(db: Conn, memberId: number, limit: number, beforeId?: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), ne(payments.status, 'open'), beforeId === undefined ? undefined : lt(payments.id, beforeId)))
    .orderBy(desc(payments.id))
    .limit(limit);
}

export async function saveMandate(tx: Tx, mandate: typeof paymentMandates.$inferInsert): Promise<void> {
  await tx.insert(paymentMandates).values(mandate).onConflictDoNothing({ target: [paymentMandates.provider, paymentMandates.providerMandateId] });
}

/** The member's newest usable mandate with a provider and method. */
export async function activeMandate(db: Conn, memberId: number, provider: string, method: string): Promise<MandateRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMandates)
    .where(and(eq(paymentMandates.memberId, memberId), eq(paymentMandates.provider, provider), eq(paymentMandates.method, method), isNull(paymentMandates.revokedAt)))
    .orderBy(desc(paymentMandates.id))
    .limit(1);
  return row;
}

/** The member's balance and Premium state as they are now. */
export async function memberWallet(db: Conn, memberId: number): Promise<{ balance: number; paidUser: boolean } | undefined> {
  const [row] = await db.select({ balance: members.creditBalance, paidUser: members.paidUser }).from(members).where(eq(members.id, memberId));
  return row;
}

/** The first bundle bought makes a member Premium for good (spec 1, 4). */
export async function markPremium(tx: Tx, memberId: number): Promise<void> {
  await tx.update(members).set({ paidUser: true }).where(eq(members.id, memberId));
}

/** All of a member's payments past the checkout, newest first (the data export). */
export async function paymentsOf(db: Conn, memberId: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), ne(payments.status, 'open')))
    .orderBy(desc(payments.id));
}

/** The member's newest payment with this method that failed within `withinMs` (a retry may go elsewhere). */
export async function recentFailure(db: Conn, memberId: number, method: string, withinMs: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.method, method), eq(payments.status, 'failed'), gt(payments.updatedAt, new Date(Date.now() - withinMs))))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** The billing countries of the member's stored mandates: a direct-debit account's IBAN country (card mandates carry none). */
export async function billingCountries(db: Conn, memberId: number): Promise<string[]> {
  const rows = await db.select({ country: directDebitAccounts.ibanCountry }).from(directDebitAccounts).where(eq(directDebitAccounts.memberId, memberId));
  return rows.map((r) => r.country);
}
