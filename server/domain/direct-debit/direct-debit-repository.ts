import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
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

/** Who a direct debit is about: the member, and their account and number by every key's hash (field-cipher.ts `hashes`). */
export interface Debtor {
  memberId: number;
  ibanHashes: readonly string[];
  mobileHashes: readonly string[];
}

function sameDebtor(debtor: Debtor) {
  return or(
    eq(directDebitCollections.memberId, debtor.memberId),
    debtor.ibanHashes.length > 0 ? inArray(directDebitCollections.ibanHash, [...debtor.ibanHashes]) : undefined,
    debtor.mobileHashes.length > 0 ? inArray(directDebitCollections.mobileHash, [...debtor.mobileHashes]) : undefined,
  );
}

/**
 * Whether direct debit is closed to this debtor: the member is blocked, or a collection of the
 * member's, of this IBAN or of this mobile number came back from the bank (whoever's it was).
 */
export async function isBlocked(db: Conn, debtor: Debtor): Promise<boolean> {
  const [blocked] = await db.select({ memberId: directDebitBlocks.memberId }).from(directDebitBlocks).where(eq(directDebitBlocks.memberId, debtor.memberId));
  if (blocked) return true;
  const [returned] = await db
    .select({ id: directDebitCollections.id })
    .from(directDebitCollections)
    .where(and(isNotNull(directDebitCollections.returnedAt), sameDebtor(debtor)))
    .limit(1);
  return returned !== undefined;
}

export async function blockMember(tx: Tx, memberId: number, paymentId: number, reason: string): Promise<void> {
  await tx.insert(directDebitBlocks).values({ memberId, paymentId, reason }).onConflictDoNothing();
}

export interface Usage {
  count: number;
  amountMinor: number;
}

/**
 * What was collected by SEPA since `since` (every collection, whatever its payment's method),
 * by amount collected: for the member, for the IBAN and for the mobile number, each across
 * every member. Collections of payments that never came to anything do not count.
 */
export async function usageSince(db: Conn, debtor: Debtor, since: Date): Promise<{ member: Usage; iban: Usage; mobile: Usage }> {
  const c = directDebitCollections;
  const ofIban = debtor.ibanHashes.length > 0 ? inArray(c.ibanHash, [...debtor.ibanHashes]) : sql`false`;
  const ofMobile = debtor.mobileHashes.length > 0 ? inArray(c.mobileHash, [...debtor.mobileHashes]) : sql`false`;
  const [row] = await db
    .select({
      memberCount: sql<number>`count(*) filter (where ${c.memberId} = ${debtor.memberId})::int`,
      memberAmount: sql<number>`coalesce(sum(${c.amountMinor}) filter (where ${c.memberId} = ${debtor.memberId}), 0)::int`,
      ibanCount: sql<number>`count(*) filter (where ${ofIban})::int`,
      ibanAmount: sql<number>`coalesce(sum(${c.amountMinor}) filter (where ${ofIban}), 0)::int`,
      mobileCount: sql<number>`count(*) filter (where ${ofMobile})::int`,
      mobileAmount: sql<number>`coalesce(sum(${c.amountMinor}) filter (where ${ofMobile}), 0)::int`,
    })
    .from(c)
    .innerJoin(payments, eq(payments.id, c.paymentId))
    .where(and(gt(c.createdAt, since), notInArray(payments.status, NOT_COUNTED), sameDebtor(debtor)));
  return {
    member: { count: row?.memberCount ?? 0, amountMinor: row?.memberAmount ?? 0 },
    iban: { count: row?.ibanCount ?? 0, amountMinor: row?.ibanAmount ?? 0 },
    mobile: { count: row?.mobileCount ?? 0, amountMinor: row?.mobileAmount ?? 0 },
  };
}

/**
 * Serialises confirmations of one IBAN and one mobile number across members (transaction-level
 * advisory locks, released at commit): two members cannot both use up the same account's limit.
 */
export async function lockDebtorKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of [...keys].sort()) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`direct-debit:${key}`}, 0))`);
}

/** Codes sent in the last hour on a site: the site's SMS budget (each SMS costs money). */
export async function siteCodesSince(db: Conn, siteId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(directDebitVerifications)
    .where(and(eq(directDebitVerifications.siteId, siteId), gt(directDebitVerifications.createdAt, since)));
  return row?.n ?? 0;
}

/** Codes sent since `since` to this member, and to this mobile number (by its keyed hashes). */
export async function codesSentSince(db: Conn, memberId: number, mobileHashes: readonly string[], since: Date): Promise<{ member: number; mobile: number }> {
  const v = directDebitVerifications;
  const ofMobile = inArray(v.mobileHash, [...mobileHashes]);
  const [row] = await db
    .select({
      member: sql<number>`count(*) filter (where ${v.memberId} = ${memberId})::int`,
      mobile: sql<number>`count(*) filter (where ${ofMobile})::int`,
    })
    .from(v)
    .where(and(gt(v.createdAt, since), or(eq(v.memberId, memberId), ofMobile)));
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
 * collected), oldest first, locked for the export's transaction: all of them, whatever their
 * currency (the export refuses what SEPA cannot collect).
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

/** Deletes the verifications made before `before`, used or not (their details: IBAN, address, phone). */
export async function deleteVerificationsBefore(db: Conn, before: Date): Promise<number> {
  const rows = await db.delete(directDebitVerifications).where(lt(directDebitVerifications.createdAt, before)).returning({ id: directDebitVerifications.id });
  return rows.length;
}
