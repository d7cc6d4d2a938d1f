import { describe, expect, it } from 'vitest';
import type { DiscountCode } from '../../../common/offers/discount-code';
import { carriedCode, codeRequest, percentBp, priceWith, withCode } from './discount-pricing';

const code: DiscountCode = {
  code: 'DEMO20',
  country: null,
  user_id: null,
  expires: null,
  value_type: 'percentage',
  value_percentage: 20,
  currency: null,
  minimum_order_value: null,
  status: 'active',
  validity: 'unlimited',
  expired: false,
  paymentmethods: null,
  kind: 'code',
  server_time: '2026-11-26T12:00:00.000Z',
};
const order = { memberId: 7, country: 'NL', currency: 'EUR', amountMinor: 1999 };

describe('codeRequest', () => {
  it('tells the member offer, a removed code and a named code apart', () => {
    expect(codeRequest(new URL('http://x/credits'))).toEqual({ kind: 'offer' });
    expect(codeRequest(new URL('http://x/credits?code='))).toEqual({ kind: 'none' });
    expect(codeRequest(new URL('http://x/credits?code=%20%20'))).toEqual({ kind: 'none' });
    expect(codeRequest(new URL('http://x/credits?code=%20demo20%20'))).toEqual({ kind: 'code', code: 'demo20' });
  });
});

describe('withCode', () => {
  it('adds the code to the query, encoded, and leaves it out for null', () => {
    expect(withCode('/credits/3', 'DEMO20')).toBe('/credits/3?code=DEMO20');
    expect(withCode('/credits/3?payment_country=NL', 'A&B')).toBe('/credits/3?payment_country=NL&code=A%26B');
    expect(withCode('/credits/3', '')).toBe('/credits/3?code=');
    expect(withCode('/credits/3', null)).toBe('/credits/3');
  });
});

describe('percentages', () => {
  it('reads the code percentage in basis points and formats it per locale', () => {
    expect(percentBp(code)).toBe(2000);
    expect(percentBp({ ...code, value_percentage: 12.5 })).toBe(1250);
  });
});

describe('priceWith', () => {
  it('leaves the price alone without a code', () => {
    expect(priceWith(null, order)).toEqual({ original: 1999, price: 1999, refusal: null });
  });

  it('takes the percentage off when the code applies, rounding for the buyer', () => {
    expect(priceWith(code, order)).toEqual({ original: 1999, price: 1599, refusal: null });
  });

  it('keeps the price and says why when the code does not apply', () => {
    expect(priceWith({ ...code, country: 'DE' }, order)).toEqual({ original: 1999, price: 1999, refusal: 'country' });
    expect(priceWith({ ...code, minimum_order_value: 2000, currency: 'EUR' }, order).refusal).toBe('minimumOrder');
    expect(priceWith({ ...code, paymentmethods: ['creditcard'] }, { ...order, method: 'paypal' }).refusal).toBe('paymentMethod');
    expect(priceWith({ ...code, paymentmethods: ['creditcard'] }, { ...order, method: 'creditcard' }).price).toBe(1599);
    // Direct debit's own form takes the code on; a code limited to other methods does not apply there.
    expect(priceWith(code, { ...order, method: 'directdebit' })).toEqual({ original: 1999, price: 1599, refusal: null });
    expect(priceWith({ ...code, paymentmethods: ['ideal'] }, { ...order, method: 'directdebit' }).refusal).toBe('paymentMethod');
  });

  it('judges expiry at the server time of the lookup, not the device clock', () => {
    expect(priceWith({ ...code, expires: '2026-11-26T12:00:01.000Z' }, order).refusal).toBeNull();
    expect(priceWith({ ...code, expires: '2026-11-26T12:00:00.000Z' }, order).refusal).toBe('expired');
  });
});

describe('carriedCode', () => {
  it('passes on the applied code, an explicit removal, or nothing', () => {
    expect(carriedCode({ code, error: null, entered: null })).toBe('DEMO20');
    expect(carriedCode({ code: null, error: null, entered: '' })).toBe('');
    expect(carriedCode({ code: null, error: 'Code not found', entered: 'NOPE' })).toBeNull();
    expect(carriedCode({ code: null, error: null, entered: null })).toBeNull();
  });
});
