import type { PaymentStatus } from '../../../common/payments/payment-schemas';

const SETTLED_UNPAID: readonly PaymentStatus[] = ['failed', 'canceled', 'expired'];
const REVERSED: readonly PaymentStatus[] = ['refunded', 'charged_back'];

/**
 * Where a payment moves when its provider reports `reported`, or null to ignore the report.
 * Statuses only move forward, so late or out-of-order webhooks (a 'pending' after 'paid')
 * change nothing: open -> pending -> paid | failed | canceled | expired; paid -> refunded |
 * charged_back. A payment the provider reports paid after it had failed or expired (a late
 * bank transfer) is paid: the money arrived.
 */
export function nextStatus(current: PaymentStatus, reported: PaymentStatus): PaymentStatus | null {
  if (current === reported) return null;
  switch (current) {
    case 'open':
      return reported;
    case 'pending':
      return reported === 'open' ? null : reported;
    case 'failed':
    case 'canceled':
    case 'expired':
      return reported === 'paid' ? 'paid' : null;
    case 'paid':
      return REVERSED.includes(reported) ? reported : null;
    case 'refunded':
      return reported === 'charged_back' ? 'charged_back' : null;
    case 'charged_back':
      return null;
  }
}

export function isFinal(status: PaymentStatus): boolean {
  return status === 'paid' || SETTLED_UNPAID.includes(status) || REVERSED.includes(status);
}

export function isReversal(status: PaymentStatus): boolean {
  return REVERSED.includes(status);
}
