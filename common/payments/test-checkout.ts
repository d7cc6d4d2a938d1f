import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import { PAYMENT_METHODS } from './payment-methods';
import { PAYMENT_STATUSES } from './payment-schemas';

/**
 * The built-in test provider's hosted checkout (/test-checkout/{id}): the payer completes,
 * fails, cancels or leaves pending a test payment of any method. It stands where a real
 * provider's checkout would, so it talks to its own API, not to the product's payments.
 */
export const TEST_CHECKOUT_OUTCOMES = ['paid', 'failed', 'canceled', 'pending'] as const;

export const testCheckoutQuerySchema = z.object({ id: z.string().regex(/^tp_[A-Za-z0-9]{10,40}$/) });

export const testCheckoutSchema = z.object({
  id: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  /** Where the payer goes back to (the shop's result page). */
  return_url: z.string(),
});
export type TestCheckout = z.infer<typeof testCheckoutSchema>;

export const testCheckoutActionSchema = z.object({
  id: testCheckoutQuerySchema.shape.id,
  outcome: z.enum(TEST_CHECKOUT_OUTCOMES),
  /** A card payer may allow later charges (repeat order in one step). */
  store_card: z.boolean().default(false),
});

export const testCheckoutEndpoints = {
  get: endpoint({ method: 'GET', path: '/api/test-checkout.php', query: testCheckoutQuerySchema, response: testCheckoutSchema }),
  act: endpoint({ method: 'POST', path: '/api/test-checkout.php', body: testCheckoutActionSchema, response: z.object({ return_url: z.string() }) }),
};
