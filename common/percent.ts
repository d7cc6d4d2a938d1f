/**
 * A percentage as the reader's language writes it ('25%' in English, '25 %' in German, '25,5 %'):
 * discounts and VAT rates alike. `percent` is the number shown (25 for 25 %).
 */
export function formatPercent(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(percent / 100);
}
