import type { PaymentStatus } from '../../../common/payments/payment-schemas';
import type { Db, Tx } from '../../db/database';
import { addCreditEntry, creditBalance } from '../credits/credits-repository';
import { appendEvents, type NumberedEvent } from '../member-events/member-events-repository';
import { purchasedCredits } from '../offers/code-redemption';
import { recountRedemption, releaseRedemption } from '../offers/discount-repository';
import { lockPayment, markPremium, memberWallet, saveMandate, updatePayment, type PaymentRow } from './payment-repository';
import { isReversal, nextStatus } from './payment-status';
import { OWN_COLLECTION } from './provider-routing';
import type { ProviderAccount, ProviderHolding, ProviderPaymentState } from './providers/payment-provider';

/** The ends of a payment that was never paid. */
const RELEASES_CODE: ReadonlySet<PaymentStatus> = new Set(['failed', 'canceled', 'expired']);

export interface Settlement {
  /** The payment's status after the report (unchanged when the report was old news). */
  status: PaymentStatus;
  changed: boolean;
  /** Committed live events to publish (the member's new balance). */
  events: (NumberedEvent & { memberId: number })[];
  /** Why the report did not count: it disagrees with the payment, which waits (pending) for an operator. */
  refused?: string;
}

/**
 * A report about a payment. A provider's report carries what the provider holds and the
 * account the payment's site has there (`proof`); only our own collection (direct debit) and
 * our own verdicts (a checkout that never started) come without one.
 */
export interface SettlementReport extends Pick<ProviderPaymentState, 'status' | 'feeMinor' | 'mandate'> {
  proof?: { held: ProviderHolding; siteAccount: ProviderAccount };
}

/** A provider's state as a settlement report, checked against `siteAccount`: the payment site's account at that provider. */
export function providerReport(state: Omit<ProviderPaymentState, 'providerPaymentId'>, siteAccount: ProviderAccount): SettlementReport {
  const { amountMinor, currency, account, ...report } = state;
  return { ...report, proof: { held: { amountMinor, currency, account }, siteAccount } };
}

/**
 * Why a report must not move this payment, or null. A status alone proves nothing (a signed
 * notification of another merchant account or mode, a provider payment of another amount):
 * a provider's report counts only from the payment site's account and mode, and makes a
 * payment paid only for the payment's own amount and currency.
 */
export function reportMismatch(payment: PaymentRow, report: SettlementReport): string | null {
  if (payment.provider === OWN_COLLECTION) return null;
  const becomesPaid = nextStatus(payment.status as PaymentStatus, report.status) === 'paid';
  const { proof } = report;
  if (!proof) return becomesPaid || report.mandate ? 'no amount or account reported' : null;
  const { held, siteAccount } = proof;
  if (held.account.live !== siteAccount.live) return `a ${held.account.live ? 'live' : 'test'} report for a ${siteAccount.live ? 'live' : 'test'} account`;
  if (held.account.merchantAccount !== siteAccount.merchantAccount) return `merchant account ${held.account.merchantAccount ?? 'none'}, not ${siteAccount.merchantAccount ?? 'none'}`;
  if (becomesPaid && (held.amountMinor !== payment.amountMinor || held.currency !== payment.currency)) {
    return `${held.amountMinor} ${held.currency} reported for ${payment.amountMinor} ${payment.currency}`;
  }
  return null;
}

/** A report that disagrees with the payment grants nothing and moves nothing; an open payment shows as pending. */
async function holdForOperator(tx: Tx, payment: PaymentRow, refused: string): Promise<Settlement> {
  if (payment.status !== 'open') return { status: payment.status as PaymentStatus, changed: false, events: [], refused };
  await updatePayment(tx, payment.id, { status: 'pending' });
  return { status: 'pending', changed: true, events: [], refused };
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
export async function settlePayment(db: Db, paymentId: number, state: SettlementReport, onReversal?: ReversalHook): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`payment ${paymentId} not found`);
    const refused = reportMismatch(payment, state);
    if (refused) return holdForOperator(tx, payment, refused);
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
      // A welcome discount paid after another payment buys only what its money buys at full price (decision 0022).
      creditsChanged = await addCreditEntry(tx, { memberId, amount: await purchasedCredits(tx, payment), kind: 'purchase', idempotencyKey: `purchase:${payment.id}` });
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
