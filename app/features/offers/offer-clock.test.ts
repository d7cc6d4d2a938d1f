import { describe, expect, it } from 'vitest';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S } from '../../../common/limits';
import type { DiscountCode } from '../../../common/offers/discount-code';
import { formatPercent } from '../../../common/percent';
import { formatHours, offerFromAnswer, secondsLeft } from './offer-clock';

const SERVER_NOW = Date.parse('2026-11-26T10:00:00.000Z');
const HOUR = 3_600_000;

/** A time-bonus answer of a member who signed up `agoMs` before the server's `SERVER_NOW`. */
function timeBonus(agoMs: number, over: Partial<DiscountCode> = {}): DiscountCode {
  return {
    code: TIME_BONUS_CODE,
    country: null,
    user_id: null,
    expires: new Date(SERVER_NOW - agoMs + TIME_BONUS_WINDOW_S * 1000).toISOString(),
    value_type: 'percentage',
    value_percentage: 25,
    currency: null,
    minimum_order_value: null,
    status: 'active',
    validity: 'once-per-user',
    expired: false,
    paymentmethods: null,
    kind: 'time-bonus',
    server_time: new Date(SERVER_NOW).toISOString(),
    ...over,
  };
}

describe('offerFromAnswer: the deadline on the server clock', () => {
  it('a member 10 s after signup has 4 hours less 10 s, whatever the device clock says', () => {
    for (const deviceOffset of [0, 5 * HOUR, -3 * HOUR, 30 * 24 * HOUR]) {
      const receivedAt = SERVER_NOW + deviceOffset;
      const offer = offerFromAnswer(timeBonus(10_000), receivedAt);
      expect(offer).toMatchObject({ kind: 'time-bonus', code: TIME_BONUS_CODE, percent: 25 });
      expect(secondsLeft(offer!, receivedAt)).toBe(TIME_BONUS_WINDOW_S - 10);
      expect(secondsLeft(offer!, receivedAt + 1000)).toBe(TIME_BONUS_WINDOW_S - 11);
    }
  });

  it('shows nothing for an expired, disabled, already ended or other kind of code', () => {
    expect(offerFromAnswer(timeBonus(0, { expired: true }), SERVER_NOW)).toBeNull();
    expect(offerFromAnswer(timeBonus(0, { status: 'disabled' }), SERVER_NOW)).toBeNull();
    expect(offerFromAnswer(timeBonus(0, { expires: null }), SERVER_NOW)).toBeNull();
    expect(offerFromAnswer(timeBonus(TIME_BONUS_WINDOW_S * 1000), SERVER_NOW)).toBeNull();
    expect(offerFromAnswer(timeBonus(0, { kind: 'code' }), SERVER_NOW)).toBeNull();
    expect(offerFromAnswer(timeBonus(0, { kind: 'stay' }), SERVER_NOW)).toBeNull();
    expect(offerFromAnswer(timeBonus(0, { server_time: 'not a time' }), SERVER_NOW)).toBeNull();
  });

  it('takes the welcome offer with its own code and percentage', () => {
    const offer = offerFromAnswer(timeBonus(0, { kind: 'welcome', code: 'W-ABC123', value_percentage: 30, expires: new Date(SERVER_NOW + 48 * HOUR).toISOString() }), SERVER_NOW);
    expect(offer).toEqual({ kind: 'welcome', code: 'W-ABC123', percent: 30, deadline: SERVER_NOW + 48 * HOUR });
  });

  it('rounds the seconds up and stops at 0', () => {
    expect(secondsLeft({ deadline: 10_500 }, 0)).toBe(11);
    expect(secondsLeft({ deadline: 10_000 }, 9_999)).toBe(1);
    expect(secondsLeft({ deadline: 10_000 }, 10_000)).toBe(0);
    expect(secondsLeft({ deadline: 10_000 }, 99_000)).toBe(0);
  });
});

describe('percent and hours per locale', () => {
  it('writes the percentage as the locale does', () => {
    expect(formatPercent(25, 'en')).toBe('25%');
    expect(formatPercent(25, 'de')).toBe('25\u00a0%');
    expect(formatPercent(12.5, 'en')).toBe('12.5%');
    expect(formatPercent(12.5, 'nl')).toBe('12,5%');
  });

  it('gives the hours their plural', () => {
    expect(formatHours(4, 'en')).toBe('4 hours');
    expect(formatHours(1, 'en')).toBe('1 hour');
    expect(formatHours(4, 'pl')).toBe('4 godziny');
    expect(formatHours(48, 'pl')).toBe('48 godzin');
  });
});
