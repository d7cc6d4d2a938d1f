import { randomInt } from 'node:crypto';
import type { DiscountCode, OfferKind } from '../../../common/offers/discount-code';
import type { CodeTerms } from '../../../common/offers/discount-rules';
import type { PaymentMethod } from '../../../common/payments/payment-methods';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S, WELCOME_CODE, WELCOME_OFFER_HOURS } from '../../../common/limits';
import type { Db, Tx } from '../../db/database';
import { findCode, insertCodeOnce, kindUsedBy, personalCode, usedBy, type DiscountCodeRow, type OfferMember } from './discount-repository';

/**
 * The welcome offer's two kinds: one offer, the time bonus during its window and the welcome
 * discount after it, taken once and only until the member first pays (spec 4).
 */
export const WELCOME_OFFER_KINDS: readonly string[] = ['time-bonus', 'welcome'] satisfies OfferKind[];

/** Letters and digits without look-alikes (0/O, 1/I/L): 8 of them from a crypto source are 40 bits. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** When the member's time bonus ends: their signup plus 14,400 s, by the server's clock. */
export function timeBonusEnd(member: OfferMember): Date {
  return new Date(member.createdAt.getTime() + TIME_BONUS_WINDOW_S * 1000);
}

/** When the member's welcome discount ends: WELCOME_OFFER_HOURS after their time bonus. */
export function welcomeEnd(member: OfferMember): Date {
  return new Date(timeBonusEnd(member).getTime() + WELCOME_OFFER_HOURS * 3600 * 1000);
}

/**
 * A code's terms for this member, or null when it is not for them at all (not found). The
 * time bonus and the welcome discount have no expiry of their own: each member's ends a fixed
 * time after their signup, so a real deadline exists without a row per member and no read
 * starts a clock. Both end with the first payment; the welcome discount starts only when the
 * time bonus ends (it takes precedence, spec 4), so the two never apply at once.
 */
export function termsFor(row: DiscountCodeRow, member: OfferMember, now: Date): CodeTerms | null {
  if (WELCOME_OFFER_KINDS.includes(row.kind) && member.paidUser) return null;
  if (row.kind === 'welcome' && now < timeBonusEnd(member)) return null;
  return {
    status: row.status,
    expiresAt: row.kind === 'time-bonus' ? timeBonusEnd(member) : row.kind === 'welcome' ? welcomeEnd(member) : row.expiresAt,
    country: row.country,
    currency: row.currency,
    minimumOrderMinor: row.minimumOrderMinor,
    paymentMethods: row.paymentMethods,
    memberId: row.memberId,
  };
}

/** The code object of spec 3 as this member sees it (for the time bonus, `expires` is their own end). */
export function presentCode(row: DiscountCodeRow, terms: CodeTerms, now: Date): DiscountCode {
  return {
    code: row.code,
    country: row.country,
    user_id: row.memberId,
    expires: terms.expiresAt?.toISOString() ?? null,
    value_type: 'percentage',
    value_percentage: row.valuePercentageBp / 100,
    currency: row.currency,
    minimum_order_value: row.minimumOrderMinor,
    status: row.status as DiscountCode['status'],
    validity: row.validity as DiscountCode['validity'],
    expired: terms.expiresAt !== null && terms.expiresAt <= now,
    paymentmethods: (row.paymentMethods as PaymentMethod[] | null) ?? null,
    kind: row.kind as OfferKind,
    server_time: now.toISOString(),
  };
}

/**
 * Whether the member used this code up: a once-per-user code on a payment that counts, and for
 * the welcome offer either of its codes (taking TIMEBONUS25 spends WELCOME25 too).
 */
export async function usedUp(db: Db | Tx, row: DiscountCodeRow, memberId: number): Promise<boolean> {
  if (WELCOME_OFFER_KINDS.includes(row.kind)) return kindUsedBy(db, WELCOME_OFFER_KINDS, memberId);
  return row.validity === 'once-per-user' && usedBy(db, row.id, memberId);
}

/** Whether a code still gives this member something: theirs, active, not expired, not used up. */
async function usable(db: Db, row: DiscountCodeRow | undefined, member: OfferMember, now: Date): Promise<{ row: DiscountCodeRow; terms: CodeTerms } | null> {
  if (!row) return null;
  const terms = termsFor(row, member, now);
  if (!terms || terms.status !== 'active' || (terms.memberId !== null && terms.memberId !== member.id)) return null;
  if (terms.expiresAt && terms.expiresAt <= now) return null;
  if (await usedUp(db, row, member.id)) return null;
  return { row, terms };
}

/**
 * The member's welcome offer (GET /api/discountcode.php?welcome=true): the time bonus while
 * it runs (it takes precedence, spec 4), else the welcome discount during the 48 hours after
 * it; null when nothing applies (paid, used or over). Reads only.
 */
export async function welcomeOffer(db: Db, member: OfferMember, now: Date): Promise<DiscountCode | null> {
  if (member.paidUser) return null;
  for (const text of [TIME_BONUS_CODE, WELCOME_CODE]) {
    const offer = await usable(db, await findCode(db, member.siteId, text), member, now);
    if (offer && offer.row.kind !== 'code') return presentCode(offer.row, offer.terms, now);
  }
  return null;
}

/** The delete-account offer (spec: the company's delete_discount): the member's stay code, made once. */
export async function stayOffer(db: Db, member: OfferMember, percent: number, now: Date): Promise<DiscountCode | null> {
  const row = await personalOffer(db, member, 'stay', percent * 100, STAY_OFFER_S, now);
  const terms = termsFor(row, member, now);
  return terms && presentCode(row, terms, now);
}

/** How long the stay offer lasts from when the member accepts it. */
export const STAY_OFFER_S = 7 * 24 * 3600;

/**
 * The member's personal code of a kind, made on the first ask: once per member (the unique
 * index settles concurrent asks), its text random from a crypto source so nobody can guess
 * it (it only works for its member anyway). A collision of texts simply tries again.
 */
async function personalOffer(db: Db, member: OfferMember, kind: 'stay', percentageBp: number, lifetimeS: number, now: Date): Promise<DiscountCodeRow> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await personalCode(db, member.id, kind);
    if (existing) return existing;
    const made = await insertCodeOnce(db, {
      siteId: member.siteId,
      code: `${kind.toUpperCase()}-${randomCode(8)}`,
      memberId: member.id,
      valuePercentageBp: Math.min(percentageBp, 9900),
      validity: 'once-per-user',
      kind,
      expiresAt: new Date(now.getTime() + lifetimeS * 1000),
    });
    if (made) return made;
  }
  throw new Error(`could not make a ${kind} code for member ${member.id}`);
}

export function randomCode(length: number): string {
  let text = '';
  for (let i = 0; i < length; i += 1) text += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return text;
}
