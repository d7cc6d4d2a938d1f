import type { PaymentMethod } from '../payments/payment-methods';
import type { DiscountCode } from './discount-code';

export interface CodeTerms {
  status: string;
  expiresAt: Date | null;
  country: string | null;
  currency: string | null;
  minimumOrderMinor: number | null;
  paymentMethods: readonly string[] | null;
  memberId: number | null;
}

export interface Order {
  memberId: number;
  country: string;
  currency: string;
  amountMinor: number;
  method?: PaymentMethod;
}

/** Why a code does not apply to an order (each has a translated message), or null when it does. */
export type CodeRefusal = 'notFound' | 'expired' | 'country' | 'minimumOrder' | 'paymentMethod';

/**
 * Whether a code applies to an order. A personal code is someone else's: not found (no
 * probing of other members' codes). The minimum order counts only in the code's currency.
 */
export function refusal(terms: CodeTerms, order: Order, now = new Date()): CodeRefusal | null {
  if (terms.status !== 'active' || (terms.memberId !== null && terms.memberId !== order.memberId)) return 'notFound';
  if (terms.expiresAt && terms.expiresAt <= now) return 'expired';
  if (terms.country && terms.country !== order.country) return 'country';
  if (terms.minimumOrderMinor !== null && (terms.currency !== order.currency || order.amountMinor < terms.minimumOrderMinor)) return 'minimumOrder';
  if (order.method && terms.paymentMethods && !terms.paymentMethods.includes(order.method)) return 'paymentMethod';
  return null;
}

/** The price after a percentage off, rounded to the minor unit in the buyer's favour. */
export function discounted(amountMinor: number, percentageBp: number): number {
  return Math.floor((amountMinor * (10_000 - percentageBp)) / 10_000);
}

/** The terms of a code as the API presents it (the browser prices bundles with them; the server decides again). */
export function termsOf(code: DiscountCode): CodeTerms {
  return {
    status: code.status,
    expiresAt: code.expires ? new Date(code.expires) : null,
    country: code.country,
    currency: code.currency,
    minimumOrderMinor: code.minimum_order_value,
    paymentMethods: code.paymentmethods,
    memberId: code.user_id,
  };
}
