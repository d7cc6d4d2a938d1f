import type { CompanyAddress } from './site-settings';

/** Spec section 9: the terms version date is 2023-12-01T12:00:00Z, or the company's added date if later. */
export const DEFAULT_TERMS_VERSION_DATE = '2023-12-01T12:00:00Z';

export function termsVersionDate(companyAdded: string | Date): Date {
  const fallback = new Date(DEFAULT_TERMS_VERSION_DATE);
  const added = new Date(companyAdded);
  return Number.isNaN(added.getTime()) || added <= fallback ? fallback : added;
}

/** Spec section 9: the support phone is shown cleaned of dashes and spaces. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[-\s]/g, '');
}

export function addressSingleLine(a: CompanyAddress, countryName: string): string {
  return `${a.street} ${a.houseNumber}, ${a.postalCode} ${a.city}, ${countryName}`;
}

export function addressMultiLine(a: CompanyAddress, countryName: string): string[] {
  return [`${a.street} ${a.houseNumber}`, `${a.postalCode} ${a.city}`, countryName];
}

export function addressShort(a: CompanyAddress, countryName: string): string {
  return `${a.city}, ${countryName}`;
}
