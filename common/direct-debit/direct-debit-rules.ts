import { electronicFormatIBAN, friendlyFormatIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

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

/** Verifications (IBAN, address and phone waiting for or confirmed by a code) are deleted this long after they were made. */
export const VERIFICATION_RETENTION_HOURS = 24;
/** Exported pain.008 files (account numbers) are deleted this long after the export: the bank has them. */
export const SEPA_FILE_RETENTION_DAYS = 14;

/** Codes a whole site may send per hour when it sets no direct_debit_sms_per_hour. */
export const SMS_SITE_BUDGET_PER_HOUR = 200;

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
 * A mobile number in international form (+ or 00 and the country code), read with
 * libphonenumber-js's mobile metadata: the E.164 form and the country it belongs to, or null
 * when it is no valid mobile number. A national number (0612...) cannot be placed in a country,
 * so the form asks for the country code.
 */
export function parseMobile(input: string): { e164: string; country: string | null } | null {
  const international = input.trim().replace(/^00/, '+');
  if (!international.startsWith('+')) return null;
  const phone = parsePhoneNumberFromString(international);
  if (!phone?.isValid()) return null;
  return { e164: phone.number, country: phone.country ?? null };
}

/** The mobile number in E.164, or null (see parseMobile). */
export function normalizeMobile(input: string): string | null {
  return parseMobile(input)?.e164 ?? null;
}

/** The mobile number as shown back: the last three digits. */
export function maskMobile(e164: string): string {
  return `${e164.slice(0, 3)} ••• ${e164.slice(-3)}`;
}
