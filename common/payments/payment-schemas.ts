import { z } from 'zod';
import { PAYMENT_METHODS } from './payment-methods';
import { CURRENCIES } from './money';

const country = z.string().regex(/^[A-Z]{2}$/);
const currency = z.enum(CURRENCIES);
const paymentMethod = z.enum(PAYMENT_METHODS);
/** Amounts are integers in minor units (cents, groszy, øre). */
const minor = z.number().int();

/** One credit bundle as offered in a payment country. */
export const bundleSchema = z.object({
  id: z.number().int(),
  credits: z.number().int().positive(),
  amount: minor,
  currency,
  /** The bundle's price per message at the site's message_credits, in minor units (may have a fraction). */
  price_per_message: z.number(),
  best_value: z.boolean(),
});
export type Bundle = z.infer<typeof bundleSchema>;

/** What credits buy on this site (its message_credits, photo_credits, gift_credits). */
export const creditCostsSchema = z.object({ message: z.number().int(), photo: z.number().int(), gift: z.number().int() });
export type CreditCosts = z.infer<typeof creditCostsSchema>;

/** The payment country: the member's choice (spec 3 client state), by default the visitor's country. */
export const paymentCountryQuerySchema = z.object({ country: country.optional() });

/** GET /api/pricing.php: the public price list of one payment country. */
export const pricingSchema = z.object({
  country,
  currency,
  /** Payment countries a visitor can pick from (the site's countries). */
  countries: z.array(country),
  bundles: z.array(bundleSchema),
  costs: creditCostsSchema,
  refund_days: z.number().int(),
});
export type Pricing = z.infer<typeof pricingSchema>;

/** GET /api/credits.php: the price list plus the member's balance and last order. */
export const creditsPageSchema = pricingSchema.extend({
  balance: z.number().int(),
  paid_user: z.boolean(),
  /** The last completed order, for repeat order (null before the first purchase). */
  last_order: z
    .object({ bundle_id: z.number().int(), method: paymentMethod, credits: z.number().int(), amount: minor, currency, one_step: z.boolean() })
    .nullable(),
});
export type CreditsPage = z.infer<typeof creditsPageSchema>;

export const paymentMethodsQuerySchema = z.object({ bundle: z.coerce.number().int().positive(), country: country.optional() });

/** GET /api/paymentmethods.php: how a bundle can be paid in a payment country, the last used method first. */
export const paymentMethodsSchema = z.object({
  country,
  countries: z.array(country),
  bundle: bundleSchema,
  methods: z.array(z.object({ method: paymentMethod, last_used: z.boolean() })),
});
export type PaymentMethods = z.infer<typeof paymentMethodsSchema>;

/**
 * POST /api/payment.php: start paying a bundle. The idempotency key is made once per Pay
 * screen, so a double click or a retried request starts one payment.
 */
export const createPaymentSchema = z.object({
  bundle: z.number().int().positive(),
  method: paymentMethod,
  country,
  idempotency_key: z.uuid(),
  /** A discount code the member brings (a link, typed, or an offer); the server checks and applies it again. */
  code: z.string().trim().min(1).max(40).optional(),
});

/** The states of spec 4 as the browser sees them: loading is the page's own; pending is 'processing'. */
export const PAYMENT_STATUSES = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired', 'refunded', 'charged_back'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentStartSchema = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** The provider's checkout to send the member to; null when the payment needs no checkout (a stored card). */
  checkout_url: z.string().nullable(),
});
export type PaymentStart = z.infer<typeof paymentStartSchema>;

export const paymentQuerySchema = z.object({ id: z.string().min(1).max(40) });

/** GET /api/payment.php?id=: a payment's state, polled by the result page until it settles. */
export const paymentStateSchema = z.object({
  payment_id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  bundle_id: z.number().int().nullable(),
  method: paymentMethod,
  credits: z.number().int(),
  amount: minor,
  currency,
  /** The member's balance and Premium state now: the top bar updates from them at once. */
  balance: z.number().int(),
  paid_user: z.boolean(),
});
export type PaymentState = z.infer<typeof paymentStateSchema>;

/** POST /api/repeat-order.php: the last bundle again with the last method. */
export const repeatOrderSchema = z.object({ idempotency_key: z.uuid() });

export const transactionSchema = z.object({
  payment_id: z.string(),
  credits: z.number().int(),
  method: paymentMethod,
  amount: minor,
  fee: minor,
  currency,
  status: z.enum(PAYMENT_STATUSES),
  date: z.string(),
  /** The discount the server applied when the payment was created; `amount` is what was charged. */
  discount: z.object({ code: z.string(), percentage: z.number(), original_amount: minor }).nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionsQuerySchema = z.object({ before: z.string().max(40).optional() });

/** GET /api/transactions.php: newest first, a page at a time (`before` the last payment_id shown). */
export const transactionsSchema = z.object({ transactions: z.array(transactionSchema), more: z.boolean() });

/** GET /api/transaction.php?id=: one payment with its invoice block. */
export const transactionDetailSchema = transactionSchema.extend({
  invoice: z.object({
    company: z.object({
      name: z.string(),
      address: z.array(z.string()),
      kvk: z.string(),
      vat_numbers: z.array(z.string()),
    }),
    country,
    /** The VAT rate of the buyer's country in basis points (2100 = 21 %). */
    vat_rate: z.number().int(),
    amount_excluding_vat: minor,
    vat: minor,
    amount_including_vat: minor,
  }),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;
