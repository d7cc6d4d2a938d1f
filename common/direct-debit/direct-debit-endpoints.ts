import { endpoint } from '../api/endpoint';
import { codeSentSchema, directDebitPageSchema, directDebitPaidSchema, directDebitQuerySchema, directDebitRequestSchema, directDebitVerifySchema } from './direct-debit-schemas';

/** Direct debit with an SMS-confirmed SEPA mandate (spec sections 5 and 8). */
export const directDebitEndpoints = {
  page: endpoint({
    method: 'GET',
    path: '/api/directdebit.php',
    query: directDebitQuerySchema,
    response: directDebitPageSchema,
  }),
  sendCode: endpoint({
    method: 'POST',
    path: '/api/directdebit.php',
    body: directDebitRequestSchema,
    response: codeSentSchema,
  }),
  verify: endpoint({
    method: 'POST',
    path: '/api/directdebit-verify.php',
    body: directDebitVerifySchema,
    response: directDebitPaidSchema,
  }),
};
