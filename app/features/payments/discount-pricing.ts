import type { DiscountCode } from '../../../common/offers/discount-code';
import { discounted, refusal, termsOf, type CodeRefusal, type Order } from '../../../common/offers/discount-rules';

/**
 * The discount code of the credits and Pay pages rides in the URL (`/credits?code=X`, the
 * links of banners and offers). Absent: the member's current offer applies; present but
 * empty: the member removed the code, so no offer comes back in its place.
 */
export const CODE_PARAM = 'code';

export type CodeRequest = { kind: 'offer' } | { kind: 'none' } | { kind: 'code'; code: string };

/** What the page's URL asks for: a named code, no code at all, or the member's current offer. */
export function codeRequest(url: URL): CodeRequest {
  const value = url.searchParams.get(CODE_PARAM);
  if (value === null) return { kind: 'offer' };
  const code = value.trim();
  return code ? { kind: 'code', code } : { kind: 'none' };
}

/** `href` with the code in its query; null leaves it out (the next page applies the member's offer). */
export function withCode(href: string, code: string | null): string {
  if (code === null) return href;
  return `${href}${href.includes('?') ? '&' : '?'}${CODE_PARAM}=${encodeURIComponent(code)}`;
}

/** The code's percentage in basis points (25.0 → 2500), as the rules take it. */
export function percentBp(code: DiscountCode): number {
  return Math.round(code.value_percentage * 100);
}

export interface CodePrice {
  original: number;
  /** What the member pays: discounted when the code applies, else the original. */
  price: number;
  /** Why the code does not apply to this order (null: it does, or there is no code). */
  refusal: CodeRefusal | null;
}

/**
 * A bundle's price with the code, judged by the shared rules at the server's time of the
 * lookup (the same on the server's render and in the browser). Only a preview: the server
 * decides again when the payment is created.
 */
export function priceWith(code: DiscountCode | null, order: Order): CodePrice {
  if (!code) return { original: order.amountMinor, price: order.amountMinor, refusal: null };
  // Every method takes the code, direct debit too (its own form passes it on to its payment).
  const why = refusal(termsOf(code), order, new Date(code.server_time));
  return { original: order.amountMinor, price: why ? order.amountMinor : discounted(order.amountMinor, percentBp(code)), refusal: why };
}

export interface DiscountState {
  /** The code that prices the page; null: none. */
  code: DiscountCode | null;
  /** The server's translated answer when the named code was refused ('Code not found', 'Code already used'). */
  error: string | null;
  /** The named code exists but has expired (the server answers it with `expired: true`): refused too. */
  expired?: boolean;
  /** The code as the URL names it ('' after the member removed one; null when it names none). */
  entered: string | null;
}

/** The code the page's links pass on: the one applied, an explicit none after a removal, else nothing (the next page looks for the offer). */
export function carriedCode(state: DiscountState): string | null {
  if (state.code) return state.code.code;
  return state.entered === '' ? '' : null;
}
