import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payments } from '../../db/payments-schema';
import type { ReversalHook, Settlement } from '../payments/payment-settlement';
import { settlePayment } from '../payments/payment-settlement';
import { blockMember, findCollectionByPayment, markReturned } from './direct-debit-repository';

/**
 * A reversed direct debit blocks direct debit for the member (spec 8: 'Your account is blocked
 * for direct debit payments.'): the bank returned the money once, so the next collection would
 * likely come back too. Runs inside the settlement's transaction.
 */
export const blockOnReversal: ReversalHook = async (tx, payment, status) => {
  if (payment.method !== 'directdebit' || payment.memberId === null) return;
  await blockMember(tx, payment.memberId, payment.id, status);
};

export type ReturnResult = { kind: 'returned'; settlement: Settlement } | { kind: 'unknown' } | { kind: 'not-collected' };

/**
 * Records the bank's return (an R-transaction) of a collection: the payment is settled as
 * charged back (the bundle's credits withdrawn, decision 0020) and the member blocked. A
 * return seen twice changes nothing the second time.
 */
export async function recordReturn(db: Db, publicId: string, reason: string, now = new Date()): Promise<ReturnResult> {
  const [payment] = await db.select().from(payments).where(eq(payments.publicId, publicId));
  if (!payment) return { kind: 'unknown' };
  const collection = await findCollectionByPayment(db, payment.id);
  if (!collection) return { kind: 'not-collected' };
  const settlement = await settlePayment(db, payment.id, { status: 'charged_back' }, async (tx, paid, status) => {
    await markReturned(tx, paid.id, reason, now);
    await blockOnReversal(tx, paid, status);
  });
  return { kind: 'returned', settlement };
}
