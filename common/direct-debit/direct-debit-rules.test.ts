import { describe, expect, it } from 'vitest';
import { formatIbanAsTyped, maskIban, maskMobile, normalizeIban, normalizeMobile, parseMobile } from './direct-debit-rules';

describe('direct-debit rules', () => {
  it('accepts valid IBANs of SEPA countries however they are typed', () => {
    expect(normalizeIban('nl91 abna 0417 1643 00')).toBe('NL91ABNA0417164300');
    expect(normalizeIban('DE89-3704-0044-0532-0130-00')).toBe('DE89370400440532013000');
    expect(normalizeIban('NL91ABNA0417164301')).toBeNull(); // wrong check digits
    expect(normalizeIban('BR1500000000000010932840814P2')).toBeNull(); // valid, but not SEPA
    expect(normalizeIban('')).toBeNull();
  });

  it('groups an IBAN in fours as it is typed and masks all but country and last four', () => {
    expect(formatIbanAsTyped('nl91abna04')).toBe('NL91 ABNA 04');
    expect(formatIbanAsTyped('NL91 ABNA 0417 1643 00')).toBe('NL91 ABNA 0417 1643 00');
    expect(maskIban('NL91ABNA0417164300')).toBe('NL•• •••• 4300');
  });

  it('takes mobile numbers in international form only', () => {
    expect(normalizeMobile('+31 6 1234 5678')).toBe('+31612345678');
    expect(normalizeMobile('0031 (6) 12-34-56-78')).toBe('+31612345678');
    expect(normalizeMobile('0612345678')).toBeNull();
    expect(normalizeMobile('+31 6')).toBeNull();
    expect(normalizeMobile('+31 6 1234 5678 9012 34')).toBeNull();
    expect(maskMobile('+31612345678')).toBe('+31 ••• 678');
  });

  it("places a mobile number in its country, and refuses numbers that are no phone's", () => {
    expect(parseMobile('+49 151 23456789')).toEqual({ e164: '+4915123456789', country: 'DE' });
    expect(parseMobile('+32 470 12 34 56')).toEqual({ e164: '+32470123456', country: 'BE' });
    // +882: international networks, no country of any site.
    expect(parseMobile('+882 16 12345678')?.country ?? null).toBeNull();
    expect(parseMobile('+31 20 123 4567')).toBeNull(); // an Amsterdam landline receives no SMS
  });
});
