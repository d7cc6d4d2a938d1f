import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { PAYMENT_METHODS } from '../payments/payment-methods';

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
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

/** The page's query passed through (spec 7): `code` names the code, `welcome=true` asks for the welcome code. */
export const discountCodeQuerySchema = z
  .object({
    code: z.string().trim().min(1).max(40).optional(),
    welcome: z.enum(['true']).optional(),
  })
  .catchall(z.union([z.string().max(2048), z.array(z.string().max(2048)).max(20)]));

export const offersEndpoints = {
  discountCode: endpoint({ method: 'GET', path: '/api/discountcode.php', query: discountCodeQuerySchema, response: discountCodeSchema }),
};
