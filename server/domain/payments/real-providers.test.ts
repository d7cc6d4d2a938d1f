import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditsPage, PaymentMethods, PaymentStart } from '../../../common/payments/payment-schemas';
import { members } from '../../db/schema';
import { payments } from '../../db/payments-schema';
import { startAdyenStandin, type AdyenStandin } from '../../test-support/adyen-standin';
import { trustStandinCertificates } from '../../test-support/https-standin';
import { startMollieStandin, type MollieStandin } from '../../test-support/mollie-standin';
import { deliverWebhook } from '../../test-support/payment-webhooks';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { HOST, loggedInMember } from '../../test-support/test-client';

// The product path with the real adapters, against local stand-ins of Mollie's and Adyen's
// APIs (the network edge): routing, payment creation, webhooks, settlement.
let t: TestApp;
let mollie: MollieStandin;
let adyen: AdyenStandin;
let untrust: () => void;
/** Flirtdate has a Mollie profile of its own: its payments are visible with its key only. */
const FLIRTDATE_MOLLIE_KEY = 'test_flirtdatekey000000000000000';
/** The app's warnings, as JSON lines. */
const warnings: string[] = [];

beforeAll(async () => {
  untrust = trustStandinCertificates();
  mollie = await startMollieStandin(undefined, [FLIRTDATE_MOLLIE_KEY]);
  adyen = await startAdyenStandin();
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  t = await createTestApp(
    {
      LOG_LEVEL: 'warn',
      TEST_PAYMENTS: 'auto',
      MOLLIE_API_KEYS: { '*': mollie.apiKey, flirtdate: FLIRTDATE_MOLLIE_KEY },
      MOLLIE_API_ENDPOINT: mollie.apiEndpoint,
      ADYEN_API_KEY: adyen.apiKey,
      ADYEN_MERCHANT_ACCOUNTS: { '*': adyen.merchantAccount },
      ADYEN_HMAC_KEY: adyen.hmacKey,
      ADYEN_ENVIRONMENT: 'TEST',
      ADYEN_CHECKOUT_ENDPOINT: adyen.checkoutEndpoint,
    },
    { logStream },
  );
});
afterAll(async () => {
  await t?.close();
  await mollie?.close();
  await adyen?.close();
  untrust?.();
});

const webhook = (provider: string, payload: string | object) => deliverWebhook(t, provider, payload);

/** A member of `siteKey` who lives in `country` (evidence for paying there) buys its first bundle. */
async function buy(country: string, method: string, siteKey = 'rendezvous', host = HOST) {
  const buyer = await loggedInMember(t, { creditBalance: 0, siteKey, country }, 'en', host);
  const page = (await buyer.api.get(`/api/credits.php?country=${country}`)).json() as CreditsPage;
  const bundle = page.bundles[0]!;
  const res = await buyer.api.post('/api/payment.php', { bundle: bundle.id, method, country, idempotency_key: randomUUID() });
  expect(res.statusCode, res.body).toBe(200);
  const start = res.json() as PaymentStart;
  const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, start.payment_id));
  return { ...buyer, bundle, start, row: row! };
}

async function statusOf(paymentId: number) {
  const [row] = await t.database.db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  return row!.status;
}

async function balance(id: number) {
  const [row] = await t.database.db.select({ balance: members.creditBalance, paid: members.paidUser }).from(members).where(eq(members.id, id));
  return row!;
}

describe('with Mollie and Adyen configured', () => {
  it('routes each method to the provider that serves it, and offers no test payments', async () => {
    const buyer = await loggedInMember(t, { country: 'DK' });
    const dk = (await buyer.api.get('/api/credits.php?country=DK')).json() as CreditsPage;
    const methods = (await buyer.api.get(`/api/paymentmethods.php?bundle=${dk.bundles[0]!.id}&country=DK`)).json() as PaymentMethods;
    expect(methods.methods.map((m) => m.method)).toEqual(expect.arrayContaining(['dankort', 'mobilepay', 'creditcard']));
    expect(t.app.paymentRouting.route('rendezvous', 'NL', 'ideal')?.provider).toBe('mollie');
    expect(t.app.paymentRouting.route('rendezvous', 'DK', 'dankort')?.provider).toBe('adyen');
    expect(t.app.paymentRouting.route('rendezvous', 'FR', 'cartebancaire')?.provider).toBe('adyen');
    expect((await buyer.api.get('/api/test-checkout.php?id=tp_AAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
  });

  it('pays with iDEAL through Mollie: its webhook carries only the id, the status is fetched, replays grant once', async () => {
    const { member, bundle, start, row } = await buy('NL', 'ideal');
    expect(row.provider).toBe('mollie');
    expect(start.checkout_url).toBeTruthy();
    // A webhook before payment changes nothing.
    expect((await webhook('mollie', `id=${row.providerPaymentId}`)).statusCode).toBe(200);
    expect((await balance(member.id)).balance).toBe(0);
    mollie.setStatus(row.providerPaymentId!, 'paid');
    const replies = await Promise.all(Array.from({ length: 5 }, () => webhook('mollie', `id=${row.providerPaymentId}`)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await balance(member.id)).toEqual({ balance: bundle.credits, paid: true });
    // Unknown ids are acknowledged (Mollie must not retry them forever) and change nothing.
    expect((await webhook('mollie', 'id=tr_unknown123')).statusCode).toBe(200);
  });

  it('pays with Dankort through Adyen: only signed notifications count', async () => {
    const { member, bundle, row } = await buy('DK', 'dankort');
    expect(row.provider).toBe('adyen');
    const paid = adyen.payLink(row.providerPaymentId!, { success: true });
    const forged = JSON.parse(JSON.stringify(paid.webhook)) as { notificationItems: { NotificationRequestItem: { amount: { value: number } } }[] };
    forged.notificationItems[0]!.NotificationRequestItem.amount.value += 1;
    expect((await webhook('adyen', forged)).statusCode).toBe(401);
    expect((await balance(member.id)).balance).toBe(0);

    const res = await webhook('adyen', paid.webhook as object);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('[accepted]');
    expect(await balance(member.id)).toEqual({ balance: bundle.credits, paid: true });
    const [after] = await t.database.db.select().from(payments).where(eq(payments.id, row.id));
    expect(after!.providerPaymentId).toBe(paid.pspReference);
    expect((await webhook('adyen', paid.webhook as object)).statusCode).toBe(200);
    expect((await balance(member.id)).balance).toBe(bundle.credits);
  });

  it('sends the retry of a failed card payment to the other provider that takes cards (spec 4)', async () => {
    const first = await buy('NL', 'creditcard');
    expect(first.row.provider).toBe('mollie');
    mollie.setStatus(first.row.providerPaymentId!, 'failed');
    await webhook('mollie', `id=${first.row.providerPaymentId}`);
    const retry = await first.api.post('/api/payment.php', { bundle: first.bundle.id, method: 'creditcard', country: 'NL', idempotency_key: randomUUID() });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, (retry.json() as PaymentStart).payment_id));
    expect(row!.provider).toBe('adyen');
    // A method only one provider serves stays with it.
    const ideal = await first.api.post('/api/payment.php', { bundle: first.bundle.id, method: 'ideal', country: 'NL', idempotency_key: randomUUID() });
    const [idealRow] = await t.database.db.select().from(payments).where(eq(payments.publicId, (ideal.json() as PaymentStart).payment_id));
    expect(idealRow!.provider).toBe('mollie');
  });
});

describe('a settlement checks what the provider holds, at the account of the payment site', () => {
  it("settles a Mollie payment with its own site's key, whichever site's host the webhook reaches", async () => {
    const { member, bundle, row } = await buy('NL', 'ideal', 'flirtdate', 'flirtdate.localhost');
    expect(row.provider).toBe('mollie');
    mollie.setStatus(row.providerPaymentId!, 'paid');
    // Delivered to the default site's host, whose key cannot see flirtdate's payments.
    const res = await webhook('mollie', `id=${row.providerPaymentId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await balance(member.id)).toEqual({ balance: bundle.credits, paid: true });
  });

  it('leaves a payment pending without credits, with a warning, when Mollie holds another amount or currency', async () => {
    for (const change of [{ value: '0.01' }, { currency: 'USD' }]) {
      const { member, row, start } = await buy('NL', 'ideal');
      const held = mollie.payments.get(row.providerPaymentId!)!;
      held.amount = { ...held.amount, ...change };
      mollie.setStatus(row.providerPaymentId!, 'paid');
      expect((await webhook('mollie', `id=${row.providerPaymentId}`)).statusCode).toBe(200);
      expect(await balance(member.id)).toEqual({ balance: 0, paid: false });
      expect(await statusOf(row.id)).toBe('pending');
      expect(warnings.filter((line) => line.includes(start.payment_id) && line.includes('"level":40'))).not.toEqual([]);
    }
  });

  it('does not settle a signed Adyen notification of another merchant account, of the other mode or of another amount', async () => {
    const { member, bundle, row, start } = await buy('DK', 'dankort');
    const paid = adyen.payLink(row.providerPaymentId!, { success: true });
    const signed = paid.webhook as { live: string; notificationItems: { NotificationRequestItem: { amount: { value: number; currency: string } } }[] };
    const { amount } = signed.notificationItems[0]!.NotificationRequestItem;
    const authorisation = { eventCode: 'AUTHORISATION', pspReference: paid.pspReference, merchantReference: start.payment_id, paymentMethod: 'dankort' };
    const wrong = [
      adyen.notification({ ...authorisation, amount, merchantAccountCode: 'OtherCompanyECOM' }),
      // `live` is outside the signed fields: a test notification replayed as live, or the reverse.
      { ...signed, live: 'true' },
      adyen.notification({ ...authorisation, amount: { ...amount, value: amount.value - 100 } }),
    ];
    for (const body of wrong) {
      expect((await webhook('adyen', body)).statusCode).toBe(200);
      expect(await balance(member.id)).toEqual({ balance: 0, paid: false });
      expect(await statusOf(row.id)).toBe('pending');
    }
    expect(warnings.filter((line) => line.includes(start.payment_id)).length).toBeGreaterThanOrEqual(3);
    expect((await webhook('adyen', signed)).statusCode).toBe(200);
    expect(await balance(member.id)).toEqual({ balance: bundle.credits, paid: true });
  });
});
