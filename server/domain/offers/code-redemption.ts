import { discounted, refusal, type CodeRefusal, type Order } from '../../../common/offers/discount-rules';
import { formatMoney } from '../../../common/payments/money';
import type { Db, Tx } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { findCode, insertRedemption, isOncePerUserConflict, kindUsedBy, lockOfferMember, offerMember, paidOtherPayment, redeemedKind, withdrawDiscount } from './discount-repository';
import { termsFor, usedUp, WELCOME_OFFER_KINDS } from './member-offers';

/** A code checked against an order: what the payment charges and records (details.discount). */
export interface AppliedCode {
  codeId: number;
  code: string;
  oncePerUser: boolean;
  /** TIMEBONUS25 or WELCOME25: one offer per member, taken under a lock of the member (redeem). */
  welcomeOffer: boolean;
  /** The percentage off, as the code object shows it (25 for 25 %). */
  percentage: number;
  originalAmountMinor: number;
  amountMinor: number;
}

const REFUSALS: Record<CodeRefusal, { status: number; key: string }> = {
  notFound: { status: 404, key: 'errors.codeNotFound' },
  expired: { status: 400, key: 'errors.codeExpired' },
  country: { status: 400, key: 'errors.codeCountry' },
  minimumOrder: { status: 400, key: 'errors.codeMinimumOrder' },
  paymentMethod: { status: 400, key: 'errors.codePaymentMethod' },
};

/**
 * Checks a code the member brings against their order, as the server sees both (the browser's
 * prices are never trusted): the rules of common/offers, the time bonus's window and first
 * payment, and once-per-user. Refusals are ApiErrors in the member's language (`locale`
 * formats the minimum order).
 */
export async function applyCode(db: Db | Tx, siteId: number, order: Order, text: string, locale: string, now = new Date()): Promise<AppliedCode> {
  const row = await findCode(db, siteId, text);
  const member = await offerMember(db, order.memberId);
  const terms = row && member ? termsFor(row, member, now) : null;
  if (!row || !terms) throw new ApiError(404, 'errors.codeNotFound', {}, 'code');
  const refused = refusal(terms, order, now);
  if (refused) {
    const vars: Record<string, string> = refused === 'minimumOrder' ? { minimum: formatMoney(row.minimumOrderMinor ?? 0, row.currency ?? order.currency, locale) } : {};
    throw new ApiError(REFUSALS[refused].status, REFUSALS[refused].key, vars, 'code');
  }
  const oncePerUser = row.validity === 'once-per-user';
  if (await usedUp(db, row, order.memberId)) throw codeUsed();
  const amountMinor = discounted(order.amountMinor, row.valuePercentageBp);
  // The table allows at most 99 % off; a free payment must never reach a provider all the same.
  if (amountMinor < 1) throw new ApiError(400, 'errors.codeMinimumOrder', { minimum: formatMoney(order.amountMinor + 1, order.currency, locale) }, 'code');
  return { codeId: row.id, code: row.code, oncePerUser, welcomeOffer: WELCOME_OFFER_KINDS.includes(row.kind), percentage: row.valuePercentageBp / 100, originalAmountMinor: order.amountMinor, amountMinor };
}

/**
 * Records the code's use in the payment's transaction. A second once-per-user use that raced
 * past the check above violates discount_redemptions_once_idx: 409 'Code already used', and
 * the transaction (the payment with it) is rolled back. The index cannot see that TIMEBONUS25
 * and WELCOME25 are one offer: for them the member row is locked and both are checked again,
 * so two payments started at once, one with each code, do not both get a welcome discount.
 */
export async function redeem(tx: Tx, applied: AppliedCode, memberId: number, paymentId: number): Promise<void> {
  if (applied.welcomeOffer) {
    const member = await lockOfferMember(tx, memberId);
    if (!member || member.paidUser) throw new ApiError(404, 'errors.codeNotFound', {}, 'code');
    if (await kindUsedBy(tx, WELCOME_OFFER_KINDS, memberId, paymentId)) throw codeUsed();
  }
  try {
    await insertRedemption(tx, { codeId: applied.codeId, memberId, paymentId, oncePerUser: applied.oncePerUser });
  } catch (error) {
    if (isOncePerUserConflict(error)) throw codeUsed();
    throw error;
  }
}

/** What the settlement knows of a payment becoming paid (offers sit below payments and import none of its types). */
export interface PaidPayment {
  id: number;
  memberId: number | null;
  credits: number;
  amountMinor: number;
  details: Record<string, unknown>;
}

/**
 * The credits a payment becoming paid grants. A welcome discount is the first payment's only:
 * when another payment of the member was completed first (started before it was paid, or past
 * the check at the start), the discount was not theirs. The money paid is kept and buys credits
 * at the bundle's full price, rounded down, recorded in details.discount_withdrawn (decision 0022).
 */
export async function purchasedCredits(tx: Tx, payment: PaidPayment): Promise<number> {
  const original = (payment.details['discount'] as { original_amount?: unknown } | undefined)?.original_amount;
  if (payment.memberId === null || typeof original !== 'number' || original <= payment.amountMinor || payment.details['discount_withdrawn']) return payment.credits;
  if (!WELCOME_OFFER_KINDS.includes((await redeemedKind(tx, payment.id)) ?? '')) return payment.credits;
  // Serialises with the member's other settlements and starts: the first to be paid is seen.
  await lockOfferMember(tx, payment.memberId);
  if (!(await paidOtherPayment(tx, payment.memberId, payment.id))) return payment.credits;
  const credits = Math.floor((payment.credits * payment.amountMinor) / original);
  await withdrawDiscount(tx, payment.id, credits, { reason: 'paid-before', bundle_credits: payment.credits, credits });
  return credits;
}

function codeUsed(): ApiError {
  return new ApiError(409, 'errors.codeUsed', {}, 'code');
}

/** The discount as the payment records it (details.discount, read by presentTransaction). */
export function discountDetails(applied: AppliedCode): { code: string; percentage: number; original_amount: number } {
  return { code: applied.code, percentage: applied.percentage, original_amount: applied.originalAmountMinor };
}
