import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreditsPage, PaymentMethods, PaymentStart, PaymentState, Pricing, TransactionDetail } from '../../../common/payments/payment-schemas';
import { creditEntries, members } from '../../db/schema';
import { payments, testProviderPayments } from '../../db/payments-schema';
import { discountCodes } from '../../db/offers-schema';
import { deliverWebhook } from '../../test-support/payment-webhooks';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { client, HOST, loggedInMember, nextIp } from '../../test-support/test-client';

const t = testAppForFile();

/** The webhooks the test provider would send, kept here: an inject test has no server listening. */
function captureWebhooks(): string[] {
  const ids: string[] = [];
  t.app.testProvider.delivery = (_url, id) => ids.push(id);
  return ids;
}

const deliver = (id: string) => deliverWebhook(t, 'test', `id=${id}`);

async function member(overrides: Parameters<typeof loggedInMember>[1] = {}) {
  return loggedInMember(t, { creditBalance: 0, ...overrides });
}

type Api = Awaited<ReturnType<typeof member>>['api'];

async function firstBundle(api: Api, country = 'NL') {
  const page = (await api.get(`/api/credits.php?country=${country}`)).json() as CreditsPage;
  return page.bundles[0]!;
}

async function startPayment(api: Api, method = 'ideal', country = 'NL', key = randomUUID()) {
  const bundle = await firstBundle(api, country);
  const res = await api.post('/api/payment.php', { bundle: bundle.id, method, country, idempotency_key: key });
  expect(res.statusCode, res.body).toBe(200);
  const start = res.json() as PaymentStart;
  const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, start.payment_id));
  return { start, bundle, row: row! };
}

async function pay(api: Api, outcome: 'paid' | 'failed' | 'canceled' | 'pending' = 'paid', method = 'ideal', country = 'NL', storeCard = false) {
  const started = await startPayment(api, method, country);
  const act = await api.post('/api/test-checkout.php', { id: started.row.providerPaymentId, outcome, store_card: storeCard });
  expect(act.statusCode, act.body).toBe(200);
  return started;
}

async function purchaseEntries(memberId: number) {
  return t.database.db.select().from(creditEntries).where(and(eq(creditEntries.memberId, memberId), like(creditEntries.idempotencyKey, 'purchase:%')));
}

async function balanceOf(memberId: number) {
  const [row] = await t.database.db.select({ balance: members.creditBalance, paid: members.paidUser }).from(members).where(eq(members.id, memberId));
  return row!;
}

describe('prices', () => {
  it('lists the bundles of a payment country in its currency, public on /api/pricing.php', async () => {
    const visitor = client(t, null);
    const pl = (await visitor.get('/api/pricing.php?country=PL')).json() as Pricing;
    expect(pl.currency).toBe('PLN');
    expect(pl.bundles.map((b) => b.currency)).toEqual(['PLN', 'PLN', 'PLN', 'PLN']);
    expect(pl.bundles.filter((b) => b.best_value)).toHaveLength(1);
    const nl = (await visitor.get('/api/pricing.php?country=NL')).json() as Pricing;
    expect(nl.currency).toBe('EUR');
    expect(nl.refund_days).toBeGreaterThan(0);
    // 100 credits for 9.99 at 10 credits a message: 99.9 cents a message.
    expect(nl.bundles[0]).toMatchObject({ credits: 100, amount: 999, price_per_message: 99.9 });
  });

  it('refuses a country the site does not serve, in the visitor language', async () => {
    const res = await client(t, null, 'de').get('/api/pricing.php?country=JP');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Dieses Zahlungsland ist hier nicht verfügbar.');
  });

  it('offers the methods of the payment country only', async () => {
    const { api } = await member();
    const { api: polish } = await member({ country: 'PL' });
    const nl = (await api.get(`/api/paymentmethods.php?bundle=${(await firstBundle(api, 'NL')).id}&country=NL`)).json() as PaymentMethods;
    const pl = (await polish.get(`/api/paymentmethods.php?bundle=${(await firstBundle(polish, 'PL')).id}&country=PL`)).json() as PaymentMethods;
    expect(nl.methods.map((m) => m.method)).toEqual(expect.arrayContaining(['ideal', 'creditcard', 'directdebit']));
    expect(nl.methods.map((m) => m.method)).not.toContain('blik');
    expect(pl.methods.map((m) => m.method)).toEqual(expect.arrayContaining(['blik', 'przelewy24']));
    expect(pl.methods.map((m) => m.method)).not.toContain('ideal');
  });
});

describe('starting payments', () => {
  it('is limited per member, so members behind one address keep their own budget', async () => {
    const ip = nextIp();
    const [first, second] = [await member(), await member()];
    const bundle = await firstBundle(first.api, 'NL');
    const start = (cookie: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payment.php',
        remoteAddress: ip,
        headers: { host: HOST, origin: `http://${HOST}`, cookie, 'content-type': 'application/json' },
        payload: { bundle: bundle.id, method: 'ideal', country: 'NL', idempotency_key: randomUUID() },
      });
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) codes.push((await start(first.cookie)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
    expect((await start(second.cookie)).statusCode).toBe(200);
  });
});

describe('the payment country follows the evidence of where the member is', () => {
  it("offers a member the geo-IP country and their profile's, and refuses one they pick, writing nothing", async () => {
    const { api, member: m } = await member();
    const page = (await api.get('/api/credits.php')).json() as CreditsPage;
    // The test clients' addresses (203.0.113.x) are Australian to the geo-IP database; the profile says NL.
    expect(page).toMatchObject({ country: 'AU', countries: ['AU', 'NL'] });
    for (const url of ['/api/credits.php?country=NZ', `/api/paymentmethods.php?bundle=${page.bundles[0]!.id}&country=NZ`]) {
      const res = await api.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'paymentCountry', message: 'This payment country is not available here.' } });
    }
    const nzBundle = (await member({ country: 'NZ' }).then(async (nz) => firstBundle(nz.api, 'NZ'))).id;
    const start = await api.post('/api/payment.php', { bundle: nzBundle, method: 'creditcard', country: 'NZ', idempotency_key: randomUUID() });
    expect(start.statusCode, start.body).toBe(400);
    expect(await t.database.db.select().from(payments).where(eq(payments.memberId, m.id))).toHaveLength(0);
  });

  it("lets a developer's kept country stand in for the geo-IP country on a loopback address only", async () => {
    const { cookie } = await member();
    const credits = (remoteAddress: string, extra = '') =>
      t.app.inject({ method: 'GET', url: '/api/credits.php', remoteAddress, headers: { host: HOST, cookie: `${cookie}${extra}` } }).then((r) => r.json() as CreditsPage);
    expect((await credits('127.0.0.1')).countries).toEqual(['NL']);
    expect((await credits('127.0.0.1', '; selected_country=PL')).countries).toEqual(['PL', 'NL']);
    // From the internet the kept choice is no evidence: the address's own country is.
    expect((await credits(nextIp(), '; selected_country=PL')).countries).toEqual(['AU', 'NL']);
  });

  it('charges the VAT of the evidenced country, and a country-locked code only there', async () => {
    const { api: nz } = await member({ country: 'NZ' });
    const { start } = await startPayment(nz, 'creditcard', 'NZ');
    const detail = (await nz.get(`/api/transaction.php?id=${start.payment_id}`)).json() as TransactionDetail;
    expect(detail.invoice).toMatchObject({ country: 'NZ', vat_rate: 0 });
    // A Dutch member cannot reach a New Zealand code (or price) by picking the country.
    const [locked] = await t.database.db.insert(discountCodes).values({ code: 'KIWI30', valuePercentageBp: 3000, validity: 'unlimited', country: 'NZ' }).returning();
    const { api: dutch } = await member();
    const refused = await dutch.post('/api/payment.php', { bundle: (await firstBundle(nz, 'NZ')).id, method: 'creditcard', country: 'NZ', idempotency_key: randomUUID(), code: locked!.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'paymentCountry' } });
  });
});

describe('buying a bundle with the test provider', () => {
  it('grants the credits and Premium once the provider reports paid, with the transaction and its invoice', async () => {
    const webhooks = captureWebhooks();
    const { api, member: m } = await member();
    const { start, bundle } = await pay(api);
    expect(start.checkout_url).toMatch(/\/test-checkout\/tp_/);
    expect(start.checkout_url).not.toContain(m.email);
    expect(await balanceOf(m.id)).toEqual({ balance: 0, paid: false });

    // One delivery per change, now and then a second copy of it (at least once).
    expect(webhooks.length).toBeGreaterThanOrEqual(1);
    expect(new Set(webhooks)).toEqual(new Set([webhooks[0]]));
    expect((await deliver(webhooks[0]!)).statusCode).toBe(200);
    expect(await balanceOf(m.id)).toEqual({ balance: bundle.credits, paid: true });

    const state = (await api.get(`/api/payment.php?id=${start.payment_id}`)).json() as PaymentState;
    expect(state).toMatchObject({ status: 'paid', balance: bundle.credits, paid_user: true });
    const detail = (await api.get(`/api/transaction.php?id=${start.payment_id}`)).json() as TransactionDetail;
    // NL VAT 21 %: 9.99 holds 1.73 VAT.
    expect(detail.invoice).toMatchObject({ country: 'NL', vat_rate: 2100, amount_including_vat: 999, vat: 173, amount_excluding_vat: 826 });
    expect(detail.invoice.company.name).not.toBe('');
    expect(detail.fee).toBeGreaterThan(0);
  });

  it('lets the result page settle a payment whose webhook never arrived', async () => {
    captureWebhooks();
    const { api, member: m } = await member();
    const { start, bundle } = await pay(api);
    const state = (await api.get(`/api/payment.php?id=${start.payment_id}`)).json() as PaymentState;
    expect(state.status).toBe('paid');
    expect((await balanceOf(m.id)).balance).toBe(bundle.credits);
  });

  it('shows failed and cancelled payments as such and grants nothing', async () => {
    captureWebhooks();
    const { api, member: m } = await member();
    const failed = await pay(api, 'failed');
    const cancelled = await pay(api, 'canceled');
    expect(((await api.get(`/api/payment.php?id=${failed.start.payment_id}`)).json() as PaymentState).status).toBe('failed');
    expect(((await api.get(`/api/payment.php?id=${cancelled.start.payment_id}`)).json() as PaymentState).status).toBe('canceled');
    expect(await balanceOf(m.id)).toEqual({ balance: 0, paid: false });
  });

  it('keeps a pending payment pending until the payer completes it', async () => {
    captureWebhooks();
    const { api } = await member();
    const { start, row } = await pay(api, 'pending');
    expect(((await api.get(`/api/payment.php?id=${start.payment_id}`)).json() as PaymentState).status).toBe('pending');
    await t.app.testProvider.simulate(row.providerPaymentId!, 'paid');
    expect(((await api.get(`/api/payment.php?id=${start.payment_id}`)).json() as PaymentState).status).toBe('paid');
  });
});

describe('exactly once', () => {
  it('grants once for five concurrent webhook deliveries and nothing for a replay days later', async () => {
    const webhooks = captureWebhooks();
    const { api, member: m } = await member();
    const { bundle } = await pay(api);
    const results = await Promise.all(Array.from({ length: 5 }, () => deliver(webhooks[0]!)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await purchaseEntries(m.id)).toHaveLength(1);
    expect((await balanceOf(m.id)).balance).toBe(bundle.credits);
    await deliver(webhooks[0]!);
    expect((await balanceOf(m.id)).balance).toBe(bundle.credits);
  });

  it('starts one payment for a double click on Pay', async () => {
    captureWebhooks();
    const { api, member: m } = await member();
    const bundle = await firstBundle(api);
    const body = { bundle: bundle.id, method: 'ideal', country: 'NL', idempotency_key: randomUUID() };
    const [a, b] = await Promise.all([api.post('/api/payment.php', body), api.post('/api/payment.php', body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().payment_id).toBe(b.json().payment_id);
    expect(a.json().checkout_url).toBe(b.json().checkout_url);
    const rows = await t.database.db.select().from(payments).where(eq(payments.memberId, m.id));
    expect(rows).toHaveLength(1);
  });

  it('acknowledges unknown ids and changes nothing', async () => {
    const res = await deliver('tp_UNKNOWNUNKNOWNUNKNOWN');
    expect(res.statusCode).toBe(200);
  });
});

describe('refunds and chargebacks', () => {
  it('withdraws the bundle credits on a refund, never below zero', async () => {
    const webhooks = captureWebhooks();
    const { api, member: m } = await member();
    const { bundle, row } = await pay(api);
    await deliver(webhooks.at(-1)!);
    // The member spends all but 30 credits before the refund.
    await t.database.db.insert(creditEntries).values({ memberId: m.id, amount: -(bundle.credits - 30), kind: 'message', idempotencyKey: `test-spend:${m.id}` });
    await t.app.testProvider.refund(row.providerPaymentId!, row.amountMinor);
    await deliver(webhooks.at(-1)!);
    expect(await balanceOf(m.id)).toEqual({ balance: 0, paid: true });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.id, row.id));
    expect(payment!.status).toBe('refunded');
    await deliver(webhooks.at(-1)!);
    expect((await balanceOf(m.id)).balance).toBe(0);
  });

  it('withdraws the whole bundle on a chargeback when the credits are unspent', async () => {
    const webhooks = captureWebhooks();
    const { api, member: m } = await member({ creditBalance: 0 });
    const { row } = await pay(api);
    await deliver(webhooks.at(-1)!);
    await t.database.db.insert(creditEntries).values({ memberId: m.id, amount: 20, kind: 'adjustment', idempotencyKey: `test-gift:${m.id}` });
    await t.app.testProvider.simulate(row.providerPaymentId!, 'charged_back');
    await deliver(webhooks.at(-1)!);
    expect((await balanceOf(m.id)).balance).toBe(20);
  });
});

describe('repeat order', () => {
  it('charges a stored card in one step, and fails over to a checkout choice when the card is declined', async () => {
    const webhooks = captureWebhooks();
    const { api, member: m } = await member();
    const { bundle, row } = await pay(api, 'paid', 'creditcard', 'NL', true);
    await deliver(webhooks.at(-1)!);
    const page = (await api.get('/api/credits.php?country=NL')).json() as CreditsPage;
    expect(page.last_order).toMatchObject({ bundle_id: bundle.id, method: 'creditcard', one_step: true });

    const repeat = (await api.post('/api/repeat-order.php', { idempotency_key: randomUUID() })).json() as PaymentStart;
    expect(repeat).toMatchObject({ status: 'paid', checkout_url: null });
    expect((await balanceOf(m.id)).balance).toBe(bundle.credits * 2);

    const [provider] = await t.database.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, row.providerPaymentId!));
    await t.app.testProvider.declineMandate(provider!.mandateId!);
    const declined = (await api.post('/api/repeat-order.php', { idempotency_key: randomUUID() })).json() as PaymentStart;
    expect(declined.status).toBe('failed');
    expect((await balanceOf(m.id)).balance).toBe(bundle.credits * 2);
  });

  it('has nothing to repeat before the first purchase', async () => {
    const { api } = await member();
    const res = await api.post('/api/repeat-order.php', { idempotency_key: randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('There is no earlier order to repeat yet.');
  });
});

describe('bad input and authorization', () => {
  it('refuses visitors, unknown bundles, unavailable methods and malformed keys without creating a payment', async () => {
    expect((await client(t, null).get('/api/credits.php')).statusCode).toBe(403);
    const { api, member: m } = await member();
    const bundle = await firstBundle(api);
    const cases = [
      { bundle: 999_999, method: 'ideal', country: 'NL', idempotency_key: randomUUID() },
      { bundle: bundle.id, method: 'blik', country: 'NL', idempotency_key: randomUUID() },
      { bundle: bundle.id, method: 'directdebit', country: 'NL', idempotency_key: randomUUID() },
      { bundle: bundle.id, method: 'ideal', country: 'NL', idempotency_key: 'not-a-uuid' },
      { bundle: bundle.id, method: 'bitcoin', country: 'NL', idempotency_key: randomUUID() },
    ];
    const statuses = [];
    for (const body of cases) statuses.push((await api.post('/api/payment.php', body)).statusCode);
    expect(statuses).toEqual([404, 400, 400, 400, 400]);
    const [count] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(payments).where(eq(payments.memberId, m.id));
    expect(count!.n).toBe(0);
  });

  it("does not show another member's payment", async () => {
    captureWebhooks();
    const a = await member();
    const b = await member();
    const { start } = await startPayment(a.api);
    expect((await b.api.get(`/api/payment.php?id=${start.payment_id}`)).statusCode).toBe(404);
    expect((await b.api.get(`/api/transaction.php?id=${start.payment_id}`)).statusCode).toBe(404);
  });

  it('refuses a payment started from another site (CSRF) and creates nothing', async () => {
    const { member: m, cookie } = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment.php',
      remoteAddress: nextIp(),
      headers: { host: HOST, origin: 'https://evil.example', cookie, 'content-type': 'application/json' },
      payload: { bundle: 1, method: 'ideal', country: 'NL', idempotency_key: randomUUID() },
    });
    expect(res.statusCode).toBe(403);
    const rows = await t.database.db.select().from(payments).where(eq(payments.memberId, m.id));
    expect(rows).toEqual([]);
  });

  it('refuses a webhook for a provider that is not configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/payment-webhook.php?provider=mollie', headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=tr_x' });
    expect(res.statusCode).toBe(404);
  });
});
