import { endpoint } from '../api/endpoint';
import {
  createPaymentSchema,
  creditsPageSchema,
  paymentCountryQuerySchema,
  paymentMethodsQuerySchema,
  paymentMethodsSchema,
  paymentQuerySchema,
  paymentStartSchema,
  paymentStateSchema,
  pricingSchema,
  repeatOrderSchema,
  transactionDetailSchema,
  transactionsQuerySchema,
  transactionsSchema,
} from './payment-schemas';

/** Credits, payments and transactions (spec sections 2-5, 8). */
export const paymentsEndpoints = {
  pricing: endpoint({ method: 'GET', path: '/api/pricing.php', query: paymentCountryQuerySchema, response: pricingSchema }),
  credits: endpoint({ method: 'GET', path: '/api/credits.php', query: paymentCountryQuerySchema, response: creditsPageSchema }),
  methods: endpoint({ method: 'GET', path: '/api/paymentmethods.php', query: paymentMethodsQuerySchema, response: paymentMethodsSchema }),
  start: endpoint({ method: 'POST', path: '/api/payment.php', body: createPaymentSchema, response: paymentStartSchema }),
  state: endpoint({ method: 'GET', path: '/api/payment.php', query: paymentQuerySchema, response: paymentStateSchema }),
  repeatOrder: endpoint({ method: 'POST', path: '/api/repeat-order.php', body: repeatOrderSchema, response: paymentStartSchema }),
  transactions: endpoint({ method: 'GET', path: '/api/transactions.php', query: transactionsQuerySchema, response: transactionsSchema }),
  transaction: endpoint({ method: 'GET', path: '/api/transaction.php', query: paymentQuerySchema, response: transactionDetailSchema }),
};
