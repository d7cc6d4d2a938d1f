import { sql } from 'drizzle-orm';
import { char, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { members, sites } from './schema';
import { payments } from './payments-schema';

/**
 * The direct-debit domain's tables (server/domain/direct-debit). The IBAN is sensitive: it is
 * only ever stored encrypted (AES-256-GCM, field-cipher.ts); what the member and the data export
 * see is its mask.
 */

/** The member's bank account and SEPA mandate, written when an SMS code confirms it. */
export const directDebitAccounts = pgTable('direct_debit_accounts', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  holder: text('holder').notNull(),
  /** keyId.iv.tag.ciphertext, base64url (field-cipher.ts). */
  ibanEncrypted: text('iban_encrypted').notNull(),
  ibanLast4: char('iban_last4', { length: 4 }).notNull(),
  ibanCountry: char('iban_country', { length: 2 }).notNull(),
  bic: text('bic'),
  street: text('street').notNull(),
  houseNumber: text('house_number').notNull(),
  postalCode: text('postal_code').notNull(),
  city: text('city').notNull(),
  /** E.164. */
  mobile: text('mobile').notNull(),
  mandateReference: text('mandate_reference').notNull().unique(),
  mandateSignedAt: timestamp('mandate_signed_at', {
    withTimezone: true,
  }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One SMS code sent to confirm a mandate and a payment. Only a keyed hash of the code is kept;
 * the details waiting for it (IBAN included) are encrypted like the account's IBAN.
 */
export const directDebitVerifications = pgTable(
  'direct_debit_verifications',
  {
    id: serial('id').primaryKey(),
    /** What the browser holds between the two steps (not guessable). */
    publicId: text('public_id').notNull().unique(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    codeHash: text('code_hash').notNull(),
    /** A keyed hash of the mobile number: codes per number are counted without storing it twice. */
    mobileHash: text('mobile_hash').notNull(),
    detailsEncrypted: text('details_encrypted').notNull(),
    bundleId: integer('bundle_id').notNull(),
    country: char('country', { length: 2 }).notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the right code was entered: a code confirms once. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('direct_debit_verifications_member_idx').on(t.memberId, t.createdAt), index('direct_debit_verifications_mobile_idx').on(t.mobileHash, t.createdAt)],
);

/** A direct-debit payment waiting to be collected through the bank (the SEPA export). */
export const directDebitCollections = pgTable(
  'direct_debit_collections',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    /** Null once the member is purged: the collection stays in the books. */
    memberId: integer('member_id').references(() => members.id, {
      onDelete: 'set null',
    }),
    amountMinor: integer('amount_minor').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    /** The account at the time of the mandate, as the bank needs it (IBAN encrypted). */
    debtor: jsonb('debtor')
      .$type<{
        holder: string;
        ibanEncrypted: string;
        /** The mobile number the mandate was confirmed with, encrypted: a key rotation re-hashes mobileHash from it. */
        mobileEncrypted?: string;
        bic: string | null;
        mandateReference: string;
        mandateSignedAt: string;
      }>()
      .notNull(),
    /**
     * Keyed hashes (keyId.hash, field-cipher.ts) of the debtor's IBAN and mobile number: the
     * limits and a returned collection's block apply to an account or a number across members.
     */
    ibanHash: text('iban_hash'),
    mobileHash: text('mobile_hash'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    batchId: text('batch_id'),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    returnReason: text('return_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('direct_debit_collections_payment_idx').on(t.paymentId),
    index('direct_debit_collections_iban_idx').on(t.ibanHash, t.createdAt),
    index('direct_debit_collections_mobile_idx').on(t.mobileHash, t.createdAt),
    index('direct_debit_collections_member_idx').on(t.memberId, t.createdAt),
    index('direct_debit_collections_pending_idx')
      .on(t.siteId)
      .where(sql`${t.exportedAt} is null`),
  ],
);

/** Members who may no longer pay by direct debit (a collection came back from their bank). */
export const directDebitBlocks = pgTable('direct_debit_blocks', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  /** The payment whose collection was returned. */
  paymentId: integer('payment_id').references(() => payments.id, {
    onDelete: 'set null',
  }),
  reason: text('reason').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
