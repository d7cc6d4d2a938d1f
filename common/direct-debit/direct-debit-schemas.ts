import { z } from 'zod';
import { CURRENCIES } from '../payments/money';
import { ADDRESS_FIELD_MAX, HOLDER_MAX, SMS_CODE_LENGTH } from './direct-debit-rules';

const country = z.string().regex(/^[A-Z]{2}$/);
const text = (max: number) => z.string().trim().min(1).max(max);

/** GET /api/directdebit.php: the bundle to pay (when given) and the member's saved account. */
export const directDebitQuerySchema = z.object({
  bundle: z.coerce.number().int().positive().optional(),
  country: country.optional(),
  /** A discount code the Pay screen applied; the server prices the bundle with it (empty: none). */
  code: z.string().trim().max(40).optional(),
});

/** The saved account as the member sees it: never the IBAN itself, only its mask. */
export const savedAccountSchema = z.object({
  holder: z.string(),
  iban_masked: z.string(),
  bic: z.string().nullable(),
  street: z.string(),
  house_number: z.string(),
  postal_code: z.string(),
  city: z.string(),
  mobile: z.string(),
  mandate_reference: z.string(),
  mandate_signed_at: z.string(),
});
export type SavedAccount = z.infer<typeof savedAccountSchema>;

export const directDebitPageSchema = z.object({
  account: savedAccountSchema.nullable(),
  bundle: z
    .object({
      id: z.number().int(),
      credits: z.number().int(),
      /** The price list's amount, before any discount. */
      amount: z.number().int(),
      /** What the member is charged: `amount` less the discount when the code applies. */
      amount_due: z.number().int(),
      currency: z.enum(CURRENCIES),
    })
    .nullable(),
  /** The named code as it applies to the bundle (the payment records the same), or null. */
  discount: z.object({ code: z.string(), percentage: z.number(), original_amount: z.number().int() }).nullable(),
  /** Why the named code does not apply, in the member's language ('Code already used'); null otherwise. */
  discount_error: z.string().nullable(),
  /** Direct debit is blocked for the member, or for their saved account, after a returned collection. */
  blocked: z.boolean(),
  /** The member has not confirmed their e-mail address yet: direct debit waits for that. */
  email_unconfirmed: z.boolean(),
});
export type DirectDebitPage = z.infer<typeof directDebitPageSchema>;

/**
 * POST /api/directdebit.php: the account and address for the mandate; answers by sending a
 * code to the mobile number. IBAN and mobile number are checked by the service (with their
 * own messages) through direct-debit-rules.ts, as the form checks them.
 */
export const directDebitRequestSchema = z.object({
  bundle: z.number().int().positive(),
  country,
  holder: text(HOLDER_MAX),
  iban: z.string().min(5).max(50),
  street: text(ADDRESS_FIELD_MAX),
  house_number: text(20),
  postal_code: text(16),
  city: text(ADDRESS_FIELD_MAX),
  mobile: z.string().min(6).max(30),
  /** The discount code the page showed applied; checked again now and when the SMS code confirms (not `code`: that is the SMS code's). */
  discount_code: z.string().trim().min(1).max(40).optional(),
  /** Made once per form, so a retried request makes one payment (as POST /api/payment.php). */
  idempotency_key: z.uuid(),
});
export type DirectDebitRequest = z.infer<typeof directDebitRequestSchema>;

export const codeSentSchema = z.object({
  verification_id: z.string(),
  /** Where the code went, masked. */
  mobile_masked: z.string(),
  expires_at: z.string(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** POST /api/directdebit-verify.php: the SMS code confirms the mandate and the payment. */
export const directDebitVerifySchema = z.object({
  verification_id: z.string().min(1).max(40),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`)),
});

export const directDebitPaidSchema = z.object({
  payment_id: z.string(),
  bundle_id: z.number().int(),
  credits: z.number().int(),
  balance: z.number().int(),
});
export type DirectDebitPaid = z.infer<typeof directDebitPaidSchema>;
