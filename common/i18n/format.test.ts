import { describe, expect, it } from 'vitest';
import { formatCurrency, formatDate, formatNumber } from './format';

describe('locale formatting', () => {
  it('formats dates per locale', () => {
    expect(formatDate('en', '2024-03-15T09:00:00Z')).toBe('March 15, 2024');
    expect(formatDate('de', '2024-03-15T09:00:00Z')).toBe('15. März 2024');
    expect(formatDate('nl', '2024-03-15T09:00:00Z')).toBe('15 maart 2024');
  });

  it('formats numbers and money per locale', () => {
    expect(formatNumber('de', 1234567.5)).toBe('1.234.567,5');
    expect(formatNumber('en', 1234567.5)).toBe('1,234,567.5');
    expect(formatCurrency('nl', 19.95, 'EUR')).toMatch(/^€\s19,95$/u);
    expect(formatCurrency('sv', 199, 'SEK')).toMatch(/^199,00\s?kr$/);
  });
});
