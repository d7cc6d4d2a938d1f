import { sql } from 'drizzle-orm';
import { boolean, char, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, sites } from './schema';

/**
 * The payments domain's tables (server/domain/payments). Amounts are integers in minor units
 * of `currency`; prices include VAT.
 */

/** Credit bundles per site and payment country; the rows with country null serve every other country. */
export const creditBundles = pgTable(
  'credit_bundles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    country: char('country', { length: 2 }),
    currency: char('currency', { length: 3 }).notNull(),
    credits: integer('credits').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    position: integer('position').notNull(),
    bestValue: boolean('best_value').notNull().default(false),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('credit_bundles_site_country_idx').on(t.siteId, t.country, t.position)],
);

/**
 * One attempt to pay a bundle. The status only moves forward (payment-status.ts); the move to
 * paid grants the credits in the same transaction, keyed purchase:<id> in the ledger, so a
 * webhook or return seen twice grants once. Kept when the member is purged (bookkeeping).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** The payment_id members and support see (not guessable). */
    publicId: text('public_id').notNull().unique(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    bundleId: integer('bundle_id').references(() => creditBundles.id, { onDelete: 'set null' }),
    credits: integer('credits').notNull(),
    method: text('method').notNull(),
    /** test | mollie | adyen | sepa */
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id'),
    amountMinor: integer('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The provider's fee, when it reports one. */
    feeMinor: integer('fee_minor').notNull().default(0),
    /** The buyer's country (the payment country) and its VAT rate in basis points, fixed at purchase. */
    country: char('country', { length: 2 }).notNull(),
    vatRateBp: integer('vat_rate_bp').notNull(),
    /** open | pending | paid | failed | canceled | expired | refunded | charged_back */
    status: text('status').notNull().default('open'),
    /** The browser's key for one Pay screen: a double click or retried request starts one payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** A charge on a stored mandate (repeat order), without a checkout. */
    mandateId: integer('mandate_id'),
    checkoutUrl: text('checkout_url'),
    /** Extra facts of later features (the discount applied) without a column each. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_member_idempotency_idx').on(t.memberId, t.idempotencyKey),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerPaymentId),
    index('payments_member_idx').on(t.memberId, t.id),
  ],
);

/** A provider's permission to charge the member again without a checkout (a stored card). */
export const paymentMandates = pgTable(
  'payment_mandates',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    method: text('method').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerMandateId: text('provider_mandate_id').notNull(),
    /** What the member recognises it by, e.g. 'Visa •••• 4242'; never the card number. */
    label: text('label').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('payment_mandates_provider_ref_idx').on(t.provider, t.providerMandateId), index('payment_mandates_member_idx').on(t.memberId)],
);

/**
 * The built-in test provider's own books (server/domain/payments/providers/test-provider.ts):
 * what a real provider keeps on its side, so its checkout, status and webhooks behave like one.
 */
export const testProviderPayments = pgTable('test_provider_payments', {
  id: text('id').primaryKey(),
  method: text('method').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  currency: char('currency', { length: 3 }).notNull(),
  description: text('description').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  webhookUrl: text('webhook_url').notNull(),
  /** open | pending | paid | failed | canceled | expired | refunded | charged_back */
  status: text('status').notNull().default('open'),
  refundedMinor: integer('refunded_minor').notNull().default(0),
  /** Set when the payer allowed later charges (a card): the mandate id. */
  mandateId: text('mandate_id'),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
