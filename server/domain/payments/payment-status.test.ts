import { describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES } from '../../../common/payments/payment-schemas';
import { nextStatus } from './payment-status';

describe('nextStatus', () => {
  it('moves forward from open and pending', () => {
    expect(nextStatus('open', 'pending')).toBe('pending');
    expect(nextStatus('open', 'paid')).toBe('paid');
    expect(nextStatus('pending', 'canceled')).toBe('canceled');
  });

  it('ignores late and out-of-order reports', () => {
    expect(nextStatus('paid', 'pending')).toBeNull();
    expect(nextStatus('paid', 'open')).toBeNull();
    expect(nextStatus('paid', 'failed')).toBeNull();
    expect(nextStatus('pending', 'open')).toBeNull();
    expect(nextStatus('charged_back', 'paid')).toBeNull();
    expect(nextStatus('refunded', 'paid')).toBeNull();
  });

  it('pays a payment that had failed or expired when the money arrives', () => {
    expect(nextStatus('expired', 'paid')).toBe('paid');
    expect(nextStatus('failed', 'canceled')).toBeNull();
  });

  it('reverses only a paid payment', () => {
    expect(nextStatus('paid', 'refunded')).toBe('refunded');
    expect(nextStatus('paid', 'charged_back')).toBe('charged_back');
    expect(nextStatus('open', 'refunded')).toBe('refunded');
    expect(nextStatus('failed', 'refunded')).toBeNull();
  });

  it('never reaches paid twice along any path', () => {
    // Every sequence of three reports from open passes through paid at most once.
    for (const a of PAYMENT_STATUSES)
      for (const b of PAYMENT_STATUSES)
        for (const c of PAYMENT_STATUSES) {
          let s = 'open' as (typeof PAYMENT_STATUSES)[number];
          let paidEntries = 0;
          for (const r of [a, b, c]) {
            const n = nextStatus(s, r);
            if (n === null) continue;
            if (n === 'paid') paidEntries++;
            s = n;
          }
          expect(paidEntries).toBeLessThanOrEqual(1);
        }
  });
});
