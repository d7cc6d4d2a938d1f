import { sql } from 'drizzle-orm';
import { boolean, char, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, sites } from './schema';
import { payments } from './payments-schema';

/**
 * Discount codes (spec 3): a percentage off a bundle, optionally only in a country, above a
 * minimum order, with some payment methods, for one member (a personal code), until it expires.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    /** The site the code works on; null: every site. */
    siteId: integer('site_id').references(() => sites.id),
    /** Stored upper case; members may type it in any case. */
    code: text('code').notNull(),
    /** A personal code (the delete-account offer): only this member may use it. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    country: char('country', { length: 2 }),
    /** Percentage off in basis points (2500 = 25 %). */
    valuePercentageBp: integer('value_percentage_bp').notNull(),
    /** The currency of `minimumOrderMinor`; null when there is no minimum. */
    currency: char('currency', { length: 3 }),
    minimumOrderMinor: integer('minimum_order_minor'),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    /** once-per-user | unlimited */
    validity: text('validity').notNull().default('once-per-user'),
    /** Payment methods the code applies to; null: all. */
    paymentMethods: text('payment_methods').array(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Where the code comes from (OFFER_KINDS): an operator's code, the time bonus, a welcome or a stay offer. */
    kind: text('kind').notNull().default('code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(t.code),
    index('discount_codes_member_idx').on(t.memberId),
    // One stay code per member, even when two first asks race.
    uniqueIndex('discount_codes_member_offer_idx')
      .on(t.memberId, t.kind)
      .where(sql`${t.kind} = 'stay'`),
    // A free bundle must never reach a provider (a zero amount): at most 99 % off.
    check('discount_codes_percentage_check', sql`${t.valuePercentageBp} between 1 and 9900`),
  ],
);

/**
 * A code used for a payment. For a once-per-user code the (code, member) pair is unique among
 * redemptions that still count, so two concurrent payments cannot both use it.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** False once the payment failed or was cancelled: the code is free again. */
    counts: boolean('counts').notNull().default(true),
    /** The code's validity was once-per-user when it was used (the index below keys on it). */
    oncePerUser: boolean('once_per_user').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_payment_idx').on(t.paymentId),
    uniqueIndex('discount_redemptions_once_idx')
      .on(t.codeId, t.memberId)
      .where(sql`${t.oncePerUser} and ${t.counts}`),
  ],
);
