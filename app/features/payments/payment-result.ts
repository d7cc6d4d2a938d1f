import type { PaymentStatus } from '../../../common/payments/payment-schemas';
import { DEFERRED_METHODS, type PaymentMethod } from '../../../common/payments/payment-methods';


/**
 * The payment states of spec 4 as the result page shows them: still processing, completed,
 * failed (or cancelled, or expired), waiting for money that arrives later (a bank transfer),
 * or paid and then taken back (a refund or chargeback).
 */
export type ResultView = 'processing' | 'completed' | 'failed' | 'deferred' | 'reversed';

export function resultView(status: PaymentStatus, method: PaymentMethod): ResultView {
  switch (status) {
    case 'paid':
      return 'completed';
    case 'failed':
    case 'canceled':
    case 'expired':
      return 'failed';
    case 'refunded':
    case 'charged_back':
      return 'reversed';
    case 'open':
    case 'pending':
      return DEFERRED_METHODS.includes(method) ? 'deferred' : 'processing';
  }
}

/** Whether the page keeps polling: only while the payment may still settle any moment. */
export function keepsPolling(view: ResultView): boolean {
  return view === 'processing';
}
