import { describe, expect, it } from 'vitest';
import { cookieValue, keptCountry, paymentCountryOf, withPaymentCountry } from './payment-country';

const request = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });

describe('payment country', () => {
  it('takes the choice in the URL first, then the kept one, else none (the visitor country)', () => {
    expect(paymentCountryOf(request('http://x/credits?payment_country=pl', 'payment_country=DE'))).toEqual({ country: 'PL', chosen: true });
    expect(paymentCountryOf(request('http://x/credits', 'a=1; payment_country=DE'))).toEqual({ country: 'DE', chosen: false });
    expect(paymentCountryOf(request('http://x/credits'))).toEqual({ country: undefined, chosen: false });
  });

  it('ignores what is not a country code', () => {
    expect(paymentCountryOf(request('http://x/credits?payment_country=xyz', 'payment_country=<b>'))).toEqual({ country: undefined, chosen: false });
    expect(paymentCountryOf(request('http://x/credits?country=PL')).country).toBeUndefined();
  });

  it('reads one cookie among many and adds the country to a link', () => {
    expect(cookieValue('x=1; payment_country=NL; y=2', 'payment_country')).toBe('NL');
    expect(cookieValue(null, 'payment_country')).toBeUndefined();
    expect(withPaymentCountry('/credits/3', 'NL')).toBe('/credits/3?payment_country=NL');
    expect(withPaymentCountry('/pricing?a=1', 'PL')).toBe('/pricing?a=1&payment_country=PL');
  });

  it('leaves the cookie out of a page shared between visitors', () => {
    expect(paymentCountryOf(request('http://x/pricing', 'payment_country=DE'), false)).toEqual({ country: undefined, chosen: false });
    expect(paymentCountryOf(request('http://x/pricing?payment_country=PL', 'payment_country=DE'), false)).toEqual({ country: 'PL', chosen: true });
  });

  it('applies a kept country in the browser only when it differs and is offered', () => {
    expect(keptCountry('payment_country=PL', 'NL', ['NL', 'PL'])).toBe('PL');
    expect(keptCountry('payment_country=NL', 'NL', ['NL', 'PL'])).toBeUndefined();
    expect(keptCountry('payment_country=US', 'NL', ['NL', 'PL'])).toBeUndefined();
    expect(keptCountry('', 'NL', ['NL'])).toBeUndefined();
  });
});
