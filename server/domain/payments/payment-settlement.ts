import type { PaymentStatus } from '../../../common/payments/payment-schemas';
import type { Db, Tx } from '../../db/database';
import { addCreditEntry, creditBalance } from '../credits/credits-repository';
import { appendEvents, type NumberedEvent } from '../member-events/member-events-repository';
import { recountRedemption, releaseRedemption } from '../offers/discount-repository';
import { lockPayment, markPremium, memberWallet, saveMandate, updatePayment, type PaymentRow } from './payment-repository';
import { isReversal, nextStatus } from './payment-status';
import type { ProviderPaymentState } from './providers/payment-provider';

/** The ends of a payment that was never paid. */
const RELEASES_CODE: ReadonlySet<PaymentStatus> = new Set(['failed', 'canceled', 'expired']);

export interface Settlement {
  /** The payment's status after the report (unchanged when the report was old news). */
  status: PaymentStatus;
  changed: boolean;
  /** Committed live events to publish (the member's new balance). */
  events: (NumberedEvent & { memberId: number })[];
}

/** Runs inside the settlement's transaction when a paid payment is reversed (direct debit blocks the member). */
export type ReversalHook = (tx: Tx, payment: PaymentRow, status: 'refunded' | 'charged_back') => Promise<void>;

/**
 * Applies a provider's report to a payment, exactly once, in one transaction with the row
 * locked: the first move to paid grants the bundle's credits (ledger key purchase:<id>) and
 * makes the member Premium for good; a reversal of a paid payment withdraws them (decision
 * 0020: never below zero, credits already spent stay spent). Replays, concurrent or days
 * later, find the status already there and change nothing.
 */
export async function settlePayment(db: Db, paymentId: number, state: Pick<ProviderPaymentState, 'status' | 'feeMinor' | 'mandate'>, onReversal?: ReversalHook): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const current = payment.status as PaymentStatus;
    const next = nextStatus(current, state.status);
    if (next === null) {
      // A card stored after the payment was seen paid (Adyen's separate RECURRING_CONTRACT).
      if (current === 'paid' && state.mandate && payment.memberId !== null) {
        await saveMandate(tx, { memberId: payment.memberId, provider: payment.provider, method: payment.method, ...state.mandate });
      }
      return { status: current, changed: false, events: [] };
    }
    const now = new Date();
    const becomesPaid = next === 'paid';
    await updatePayment(tx, payment.id, {
      status: next,
      ...(state.feeMinor !== undefined ? { feeMinor: state.feeMinor } : {}),
      ...(becomesPaid ? { paidAt: now } : {}),
    });
    // A payment that did not go through gives its discount code back; a refund or chargeback keeps it used.
    if (RELEASES_CODE.has(next)) await releaseRedemption(tx, payment.id);
    else if (next === 'paid' && RELEASES_CODE.has(current)) await recountRedemption(tx, payment.id);
    const memberId = payment.memberId;
    if (memberId === null) return { status: next, changed: true, events: [] };
    let creditsChanged = false;
    if (becomesPaid) {
      creditsChanged = await addCreditEntry(tx, { memberId, amount: payment.credits, kind: 'purchase', idempotencyKey: `purchase:${payment.id}` });
      await markPremium(tx, memberId);
      if (state.mandate) {
        await saveMandate(tx, { memberId, provider: payment.provider, method: payment.method, ...state.mandate });
      }
    } else if (isReversal(next) && payment.paidAt !== null) {
      const balance = await creditBalance(tx, memberId);
      const withdrawn = Math.min(payment.credits, Math.max(0, balance));
      if (withdrawn > 0) {
        creditsChanged = await addCreditEntry(tx, { memberId, amount: -withdrawn, kind: 'refund', idempotencyKey: `reversal:${payment.id}` });
      }
      await onReversal?.(tx, payment, next as 'refunded' | 'charged_back');
    }
    if (!creditsChanged && !becomesPaid) return { status: next, changed: true, events: [] };
    const member = await memberWallet(tx, memberId);
    const events = member ? await appendEvents(tx, [{ memberId, event: { kind: 'credits', balance: member.balance, paid_user: member.paidUser } }]) : [];
    return { status: next, changed: true, events };
  });
}
