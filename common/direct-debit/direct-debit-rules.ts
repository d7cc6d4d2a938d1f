import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';

/**
 * Direct debit's numbers (spec sections 5, 8 and 9), one source for the form, the API and the
 * tests. Limits per member and period are site settings (common/sites/site-settings.ts).
 */
export const SMS_CODE_LENGTH = 6;
/** A code is valid this long after it was sent. */
export const SMS_CODE_TTL_MINUTES = 10;
/** Wrong codes one verification takes before a new code must be requested. */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** Codes a member, or one mobile number, may be sent per hour (each SMS costs money; SMS pumping). */
export const SMS_CODES_PER_HOUR = 5;

/** Default limits when a site sets none: amounts in minor units of EUR. */
export const DIRECT_DEBIT_DEFAULT_LIMITS = {
  maxAmountMinor: 10_000,
  maxPayments: 3,
  periodDays: 30,
} as const;

export const HOLDER_MAX = 70;
export const ADDRESS_FIELD_MAX = 70;

/**
 * The IBAN as stored and sent to the bank (no spaces, upper case), or null when it is not a
 * valid IBAN of a SEPA country (another country's account cannot be collected by SEPA).
 */
export function normalizeIban(input: string): string | null {
  const electronic = electronicFormatIBAN(input);
  return electronic && isValidIBAN(electronic) && isSEPACountry(electronic.slice(0, 2)) ? electronic : null;
}

/** An IBAN in groups of four, as a member types and reads it. */
export function formatIbanAsTyped(input: string): string {
  return friendlyFormatIBAN(electronicFormatIBAN(input) ?? '') ?? '';
}

/** What a member may see of their IBAN: the country and the last four characters. */
export function maskIban(electronic: string): string {
  return `${electronic.slice(0, 2)}•• •••• ${electronic.slice(-4)}`;
}

/**
 * A mobile number in international form (+ or 00, then 8-15 digits as E.164 allows), spaces,
 * dashes, dots and brackets ignored; null otherwise. A national number (0612...) cannot be
 * routed without knowing its country, so the form asks for the country code.
 */
export function normalizeMobile(input: string): string | null {
  const compact = input.replace(/[\s\-.()/]/g, '');
  const match = /^(?:\+|00)([1-9]\d{7,14})$/.exec(compact);
  return match ? `+${match[1]}` : null;
}

/** The mobile number as shown back: the last three digits. */
export function maskMobile(e164: string): string {
  return `${e164.slice(0, 3)} ••• ${e164.slice(-3)}`;
}
