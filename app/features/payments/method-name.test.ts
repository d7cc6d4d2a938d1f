import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../common/reference/countries';
import { PAYMENT_METHODS } from '../../../common/payments/payment-methods';
import { createTranslator } from '../../i18n/translator';
import { methodName } from './method-name';
import { preselect } from './pay-screen';
import { formatVatRate } from './transaction-detail';

const bundle = (locale: string) => JSON.parse(readFileSync(path.join(import.meta.dirname, '../../locales', locale, 'payments.json'), 'utf8')) as Record<string, unknown>;

describe('payment method names', () => {
  it.each(LOCALES)('names every one of the 24 methods in %s (brands as they are, generic ones translated)', (locale) => {
    const { t } = createTranslator(locale, { payments: bundle(locale) });
    for (const method of PAYMENT_METHODS) {
      const name = methodName(method, t);
      expect(name, `${locale} ${method}`).not.toMatch(/^methods\./);
      expect(name.length).toBeGreaterThan(1);
    }
    expect(methodName('ideal', t)).toBe('iDEAL');
  });

  it('translates the generic methods', () => {
    expect(methodName('banktransfer', createTranslator('de', { payments: bundle('de') }).t)).toBe('Banküberweisung');
    expect(methodName('creditcard', createTranslator('pl', { payments: bundle('pl') }).t)).toBe('Karta kredytowa');
  });
});

describe('preselected method', () => {
  const methods = [
    { method: 'ideal', last_used: false },
    { method: 'creditcard', last_used: true },
    { method: 'paypal', last_used: false },
  ] as const;

  it('takes the method in the URL when it is offered', () => {
    expect(preselect([...methods], 'paypal')).toBe('paypal');
  });

  it('else the last used, else the first; none when nothing is offered', () => {
    expect(preselect([...methods], 'blik')).toBe('creditcard');
    expect(preselect([...methods], undefined)).toBe('creditcard');
    expect(preselect([{ method: 'ideal', last_used: false }], undefined)).toBe('ideal');
    expect(preselect([], 'ideal')).toBeUndefined();
  });
});

describe('VAT rate', () => {
  it('shows basis points as the reader writes a percentage', () => {
    expect(formatVatRate(2100, 'en')).toBe('21%');
    expect(formatVatRate(2550, 'fi')).toMatch(/^25,5\s?%$/);
    expect(formatVatRate(810, 'de')).toMatch(/^8,1\s?%$/);
    expect(formatVatRate(0, 'nl')).toMatch(/^0\s?%$/);
  });
});
