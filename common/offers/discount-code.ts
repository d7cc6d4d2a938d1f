import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { PAYMENT_METHODS } from '../payments/payment-methods';

/**
 * Where a code comes from: one an operator made (`code`), the time bonus TIMEBONUS25 (spec 4,
 * the member's first 4 hours), WELCOME25 (the 48 hours after that), or
 * the personal code of the delete-account offer (`stay`).
 */
export const OFFER_KINDS = ['code', 'time-bonus', 'welcome', 'stay'] as const;
export type OfferKind = (typeof OFFER_KINDS)[number];

/** The discount code object of spec 3, as GET /api/discountcode.php answers it. */
export const discountCodeSchema = z.object({
  code: z.string(),
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  value_type: z.literal('percentage'),
  value_percentage: z.number(),
  currency: z.string().nullable(),
  /** In minor units of `currency`. */
  minimum_order_value: z.number().int().nullable(),
  status: z.enum(['active', 'disabled']),
  validity: z.enum(['once-per-user', 'unlimited']),
  expired: z.boolean(),
  paymentmethods: z.array(z.enum(PAYMENT_METHODS)).nullable(),
  kind: z.enum(OFFER_KINDS),
  /**
   * The server's clock when it answered: countdowns run on the offset to it, so a wrong device
   * clock neither extends nor hides an offer. For the time bonus `expires` is the member's
   * signup time plus 14,400 s.
   */
  server_time: z.string(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/** The page's query passed through (spec 7): `code` names the code, `welcome=true` asks for the welcome code. */
export const discountCodeQuerySchema = z
  .object({
    code: z.string().trim().min(1).max(40).optional(),
    welcome: z.enum(['true']).optional(),
  })
  .catchall(z.union([z.string().max(2048), z.array(z.string().max(2048)).max(20)]));

/** POST /api/discountcode.php: the member accepts the delete-account offer; their personal code (made once) comes back. */
export const claimOfferSchema = z.object({ offer: z.enum(['stay']) });

export const offersEndpoints = {
  discountCode: endpoint({ method: 'GET', path: '/api/discountcode.php', query: discountCodeQuerySchema, response: discountCodeSchema }),
  claimOffer: endpoint({ method: 'POST', path: '/api/discountcode.php', body: claimOfferSchema, response: discountCodeSchema }),
};
