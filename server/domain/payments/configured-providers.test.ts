import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../config';
import type { CreditsPage, PaymentMethods, PaymentStart } from '../../../common/payments/payment-schemas';
import { deliverWebhook } from '../../test-support/payment-webhooks';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loggedInMember } from '../../test-support/test-client';

// TEST_PAYMENTS=auto must not fail open on the internet: a misspelt provider key variable
// would mean free credits and Premium for everyone.
const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((t) => t.close()));
});

/** An app with these settings: its start log line about providers, and the test checkout as a buyer meets it. */
async function startedWith(overrides: Partial<AppConfig>) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  const t = await createTestApp({ LOG_LEVEL: 'info', ...overrides }, { logStream });
  apps.push(t);
  t.app.testProvider.delivery = () => {};
  const buyer = await loggedInMember(t, { creditBalance: 0 });
  const bundle = ((await buyer.api.get('/api/credits.php?country=NL')).json() as CreditsPage).bundles[0]!;
  const methods = ((await buyer.api.get(`/api/paymentmethods.php?bundle=${bundle.id}&country=NL`)).json() as PaymentMethods).methods.map((m) => m.method);
  const start = await buyer.api.post('/api/payment.php', { bundle: bundle.id, method: 'ideal', country: 'NL', idempotency_key: randomUUID() });
  // The checkout of the payment just started, or a made-up one when none could start.
  const checkoutUrl = start.statusCode === 200 ? (start.json() as PaymentStart).checkout_url! : '/test-checkout/tp_AAAAAAAAAAAAAAAAAAAA';
  const id = checkoutUrl.split('/').pop()!;
  const checkout = await buyer.api.get(`/api/test-checkout.php?id=${id}`);
  const webhook = await deliverWebhook(t, 'test', `id=${id}`);
  const summary = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((l) => l.msg.startsWith('payment providers:'));
  return { methods, start: start.statusCode, checkout: checkout.statusCode, webhook: webhook.statusCode, summary: summary.map((l) => [l.level, l.msg]) };
}

describe('the built-in test checkout', () => {
  it('is never offered by a public deployment without real providers unless TEST_PAYMENTS=yes, and the start log says so', async () => {
    const seen = await startedWith({ PUBLIC_ORIGIN: 'https://{host}', TEST_PAYMENTS: 'auto' });
    expect(seen.methods).not.toContain('ideal');
    expect(seen.start).toBe(400);
    expect(seen.checkout).toBe(404);
    expect(seen.webhook).toBe(404);
    expect(seen.summary).toEqual([[30, 'payment providers: none; test checkout off']]);
  });

  it('is offered by a public deployment that asks for it with TEST_PAYMENTS=yes (staging)', async () => {
    const seen = await startedWith({ PUBLIC_ORIGIN: 'https://{host}', TEST_PAYMENTS: 'yes' });
    expect(seen.methods).toContain('ideal');
    expect([seen.start, seen.checkout, seen.webhook]).toEqual([200, 200, 200]);
    expect(seen.summary).toEqual([[30, 'payment providers: none; test checkout on']]);
  });

  it('stays the quick start default (no PUBLIC_ORIGIN, or https on a .localhost name)', async () => {
    for (const overrides of [{}, { PUBLIC_ORIGIN: 'https://{host}.localhost' }]) {
      const seen = await startedWith(overrides);
      expect(seen.methods).toContain('ideal');
      expect([seen.start, seen.checkout, seen.webhook]).toEqual([200, 200, 200]);
      expect(seen.summary).toEqual([[30, 'payment providers: none; test checkout on']]);
    }
  });
});
