import { describe, expect, it } from 'vitest';
import { keepsPolling, resultView } from './payment-result';

describe('payment result view', () => {
  it('shows the spec 4 states for the provider statuses', () => {
    expect(resultView('paid', 'ideal')).toBe('completed');
    expect(resultView('failed', 'creditcard')).toBe('failed');
    expect(resultView('canceled', 'blik')).toBe('failed');
    expect(resultView('expired', 'przelewy24')).toBe('failed');
    expect(resultView('pending', 'creditcard')).toBe('processing');
    expect(resultView('open', 'ideal')).toBe('processing');
    expect(resultView('refunded', 'ideal')).toBe('reversed');
    expect(resultView('charged_back', 'visa')).toBe('reversed');
  });

  it('says a bank transfer is credited when the money arrives instead of waiting for it', () => {
    expect(resultView('pending', 'banktransfer')).toBe('deferred');
    expect(resultView('open', 'directdebit')).toBe('deferred');
    expect(resultView('paid', 'banktransfer')).toBe('completed');
  });

  it('polls only while processing', () => {
    expect(keepsPolling('processing')).toBe(true);
    for (const view of ['completed', 'failed', 'deferred', 'reversed'] as const) expect(keepsPolling(view)).toBe(false);
  });
});
