import { describe, expect, it } from 'vitest';
import { discounted, refusal, type CodeTerms } from './discount-rules';

const open: CodeTerms = { status: 'active', expiresAt: null, country: null, currency: null, minimumOrderMinor: null, paymentMethods: null, memberId: null };
const order = { memberId: 7, country: 'NL', currency: 'EUR', amountMinor: 1999, method: 'ideal' as const };
const now = new Date('2026-11-26T12:00:00Z');

describe('refusal', () => {
  it('applies an open, active code', () => {
    expect(refusal(open, order, now)).toBeNull();
  });

  it('refuses by status, owner, expiry, country, minimum order and method, in that order', () => {
    expect(refusal({ ...open, status: 'disabled' }, order, now)).toBe('notFound');
    expect(refusal({ ...open, memberId: 8 }, order, now)).toBe('notFound');
    expect(refusal({ ...open, memberId: 7 }, order, now)).toBeNull();
    expect(refusal({ ...open, expiresAt: now }, order, now)).toBe('expired');
    expect(refusal({ ...open, country: 'DE' }, order, now)).toBe('country');
    expect(refusal({ ...open, minimumOrderMinor: 2000, currency: 'EUR' }, order, now)).toBe('minimumOrder');
    expect(refusal({ ...open, minimumOrderMinor: 1999, currency: 'EUR' }, order, now)).toBeNull();
    // A minimum in another currency is not met by an amount in this one.
    expect(refusal({ ...open, minimumOrderMinor: 100, currency: 'PLN' }, order, now)).toBe('minimumOrder');
    expect(refusal({ ...open, paymentMethods: ['creditcard'] }, order, now)).toBe('paymentMethod');
    expect(refusal({ ...open, paymentMethods: ['creditcard'] }, { ...order, method: undefined }, now)).toBeNull();
  });
});

describe('discounted', () => {
  it('takes the percentage off and rounds in the buyer favour', () => {
    expect(discounted(999, 2500)).toBe(749);
    expect(discounted(1999, 2500)).toBe(1499);
    expect(discounted(1000, 0)).toBe(1000);
    expect(discounted(1000, 10_000)).toBe(0);
  });
});
