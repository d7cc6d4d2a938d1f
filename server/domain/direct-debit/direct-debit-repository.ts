import { and, asc, eq, gt, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { directDebitAccounts, directDebitBlocks, directDebitCollections, directDebitVerifications } from '../../db/direct-debit-schema';
import { payments } from '../../db/payments-schema';
import { members } from '../../db/schema';

type Conn = Db | Tx;
export type AccountRow = typeof directDebitAccounts.$inferSelect;
export type VerificationRow = typeof directDebitVerifications.$inferSelect;
export type CollectionRow = typeof directDebitCollections.$inferSelect;

/** Payments that never came to anything do not count against the limits. */
const NOT_COUNTED = ['failed', 'canceled', 'expired'];

export async function isBlocked(db: Conn, memberId: number): Promise<boolean> {
  const [row] = await db.select({ memberId: directDebitBlocks.memberId }).from(directDebitBlocks).where(eq(directDebitBlocks.memberId, memberId));
  return row !== undefined;
}

export async function blockMember(tx: Tx, memberId: number, paymentId: number, reason: string): Promise<void> {
  await tx.insert(directDebitBlocks).values({ memberId, paymentId, reason }).onConflictDoNothing();
}

/** The member's direct-debit payments since `since`: how many, and their sum in minor units. */
export async function usageSince(db: Conn, memberId: number, since: Date): Promise<{ count: number; amountMinor: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      amountMinor: sql<number>`coalesce(sum(${payments.amountMinor}), 0)::int`,
    })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.method, 'directdebit'), gt(payments.createdAt, since), notInArray(payments.status, NOT_COUNTED)));
  return row ?? { count: 0, amountMinor: 0 };
}

/** Codes sent since `since` to this member, and to this mobile number (by its keyed hash). */
export async function codesSentSince(db: Conn, memberId: number, mobileHash: string, since: Date): Promise<{ member: number; mobile: number }> {
  const [row] = await db
    .select({
      member: sql<number>`count(*) filter (where ${directDebitVerifications.memberId} = ${memberId})::int`,
      mobile: sql<number>`count(*) filter (where ${directDebitVerifications.mobileHash} = ${mobileHash})::int`,
    })
    .from(directDebitVerifications)
    .where(and(gt(directDebitVerifications.createdAt, since), sql`(${directDebitVerifications.memberId} = ${memberId} or ${directDebitVerifications.mobileHash} = ${mobileHash})`));
  return row ?? { member: 0, mobile: 0 };
}

export async function insertVerification(db: Conn, row: typeof directDebitVerifications.$inferInsert): Promise<VerificationRow> {
  const [inserted] = await db.insert(directDebitVerifications).values(row).returning();
  return inserted!;
}

/** The member's verification, locked until the transaction ends: two guesses at once count as two. */
export async function lockVerification(tx: Tx, memberId: number, publicId: string): Promise<VerificationRow | undefined> {
  const [row] = await tx
    .select()
    .from(directDebitVerifications)
    .where(and(eq(directDebitVerifications.memberId, memberId), eq(directDebitVerifications.publicId, publicId)))
    .for('update');
  return row;
}

export async function countAttempt(tx: Tx, id: number): Promise<void> {
  await tx
    .update(directDebitVerifications)
    .set({ attempts: sql`${directDebitVerifications.attempts} + 1` })
    .where(eq(directDebitVerifications.id, id));
}

export async function markVerificationUsed(tx: Tx, id: number, at: Date): Promise<void> {
  await tx.update(directDebitVerifications).set({ usedAt: at }).where(eq(directDebitVerifications.id, id));
}

/** Serialises one member's confirmations: the limits are checked and used up one at a time. */
export async function lockMember(tx: Tx, memberId: number): Promise<void> {
  await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
}

/** The member's payment made with this idempotency key, if any. */
export async function findPaymentByKey(db: Conn, memberId: number, idempotencyKey: string): Promise<typeof payments.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.memberId, memberId), eq(payments.idempotencyKey, idempotencyKey)));
  return row;
}

export async function findAccount(db: Conn, memberId: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(directDebitAccounts).where(eq(directDebitAccounts.memberId, memberId));
  return row;
}

export async function saveAccount(tx: Tx, row: typeof directDebitAccounts.$inferInsert): Promise<void> {
  const { memberId: _member, ...values } = row;
  await tx
    .insert(directDebitAccounts)
    .values(row)
    .onConflictDoUpdate({
      target: directDebitAccounts.memberId,
      set: { ...values, updatedAt: new Date() },
    });
}

export async function insertCollection(tx: Tx, row: typeof directDebitCollections.$inferInsert): Promise<void> {
  await tx.insert(directDebitCollections).values(row).onConflictDoNothing({ target: directDebitCollections.paymentId });
}

export interface PendingCollection extends CollectionRow {
  publicId: string;
}

/**
 * Collections not exported yet whose payment stands as paid (one reversed meanwhile is not
 * collected), oldest first, locked for the export's transaction.
 */
export async function lockPendingCollections(tx: Tx, siteIds: number[] | null): Promise<PendingCollection[]> {
  const rows = await tx
    .select({ collection: directDebitCollections, publicId: payments.publicId })
    .from(directDebitCollections)
    .innerJoin(payments, eq(payments.id, directDebitCollections.paymentId))
    .where(and(isNull(directDebitCollections.exportedAt), eq(payments.status, 'paid'), siteIds === null ? undefined : inArray(directDebitCollections.siteId, siteIds)))
    .orderBy(asc(directDebitCollections.id))
    .for('update', { of: directDebitCollections });
  return rows.map((r) => ({ ...r.collection, publicId: r.publicId }));
}

/** Mandate references collected before (their next collection is a recurring one, RCUR). */
export async function mandatesCollectedBefore(tx: Tx, references: string[]): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await tx
    .select({
      reference: sql<string>`${directDebitCollections.debtor}->>'mandateReference'`,
    })
    .from(directDebitCollections)
    .where(and(sql`${directDebitCollections.exportedAt} is not null`, inArray(sql`${directDebitCollections.debtor}->>'mandateReference'`, references)));
  return new Set(rows.map((r) => r.reference));
}

export async function markExported(tx: Tx, ids: number[], batchId: string, at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(directDebitCollections).set({ exportedAt: at, batchId }).where(inArray(directDebitCollections.id, ids));
}

export async function findCollectionByPayment(db: Conn, paymentId: number): Promise<CollectionRow | undefined> {
  const [row] = await db.select().from(directDebitCollections).where(eq(directDebitCollections.paymentId, paymentId));
  return row;
}

export async function markReturned(tx: Tx, paymentId: number, reason: string, at: Date): Promise<void> {
  await tx
    .update(directDebitCollections)
    .set({ returnedAt: at, returnReason: reason })
    .where(and(eq(directDebitCollections.paymentId, paymentId), isNull(directDebitCollections.returnedAt)));
}
