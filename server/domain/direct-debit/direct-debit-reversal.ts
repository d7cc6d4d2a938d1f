import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { payments } from '../../db/payments-schema';
import type { ReversalHook, Settlement } from '../payments/payment-settlement';
import { settlePayment } from '../payments/payment-settlement';
import { blockMember, findCollectionByPayment, markReturned } from './direct-debit-repository';

/**
 * A reversed collection blocks direct debit for the member (spec 8: 'Your account is blocked
 * for direct debit payments.'): the bank returned the money once, so the next collection would
 * likely come back too. Any payment collected by SEPA counts, whatever its method says. Runs
 * inside the settlement's transaction.
 */
export const blockOnReversal: ReversalHook = async (tx, payment, status) => {
  if (payment.memberId === null || !(await findCollectionByPayment(tx, payment.id))) return;
  await blockMember(tx, payment.memberId, payment.id, status);
};

export type ReturnResult = { kind: 'returned'; settlement: Settlement } | { kind: 'unknown' } | { kind: 'not-collected' };

/**
 * Records the bank's return (an R-transaction) of a collection: the collection is marked
 * returned (its IBAN and mobile number are blocked for every member from then on), the payment
 * settled as charged back (the bundle's credits withdrawn, decision 0020) and the member
 * blocked. A return seen twice changes nothing the second time.
 */
export async function recordReturn(db: Db, publicId: string, reason: string, now = new Date()): Promise<ReturnResult> {
  const [payment] = await db.select().from(payments).where(eq(payments.publicId, publicId));
  if (!payment) return { kind: 'unknown' };
  const collection = await findCollectionByPayment(db, payment.id);
  if (!collection) return { kind: 'not-collected' };
  await db.transaction(async (tx) => {
    await markReturned(tx, payment.id, reason, now);
    if (payment.memberId !== null) await blockMember(tx, payment.memberId, payment.id, 'charged_back');
  });
  const settlement = await settlePayment(db, payment.id, { status: 'charged_back' }, blockOnReversal);
  return { kind: 'returned', settlement };
}
