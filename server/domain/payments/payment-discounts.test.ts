import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreditsPage, PaymentStart, PaymentState, TransactionDetail } from '../../../common/payments/payment-schemas';
import { formatMoney } from '../../../common/payments/money';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S, WELCOME_CODE } from '../../../common/limits';
import { discountCodes, discountRedemptions } from '../../db/offers-schema';
import { payments, testProviderPayments } from '../../db/payments-schema';
import { members } from '../../db/schema';
import { deliverWebhook } from '../../test-support/payment-webhooks';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';

const t = testAppForFile();
let codeCounter = 0;

async function member(overrides: Parameters<typeof loggedInMember>[1] = {}, lang = 'en') {
  // The test provider's webhooks go nowhere: an inject test has no server listening, the result page's poll settles.
  t.app.testProvider.delivery = () => {};
  return loggedInMember(t, { creditBalance: 0, ...overrides }, lang);
}
type Api = Awaited<ReturnType<typeof member>>['api'];

/** A new operator code (25 % off, once per member unless told otherwise); its text is unique per test. */
async function code(values: Partial<typeof discountCodes.$inferInsert> = {}) {
  codeCounter += 1;
  const [row] = await t.database.db
    .insert(discountCodes)
    .values({ code: `TEST${codeCounter}`, valuePercentageBp: 2500, ...values })
    .returning();
  return row!;
}

async function firstBundle(api: Api, country = 'NL') {
  return ((await api.get(`/api/credits.php?country=${country}`)).json() as CreditsPage).bundles[0]!;
}

function start(api: Api, bundle: number, text: string | undefined, opts: { method?: string; country?: string; key?: string } = {}) {
  return api.post('/api/payment.php', { bundle, method: opts.method ?? 'ideal', country: opts.country ?? 'NL', idempotency_key: opts.key ?? randomUUID(), ...(text === undefined ? {} : { code: text }) });
}

async function paymentsOf(memberId: number) {
  return t.database.db.select().from(payments).where(eq(payments.memberId, memberId));
}

async function redemptionsOf(memberId: number) {
  return t.database.db.select().from(discountRedemptions).where(eq(discountRedemptions.memberId, memberId));
}

/** Completes a started payment at the test checkout and lets the result page settle it. */
async function finish(api: Api, started: PaymentStart, outcome: 'paid' | 'failed' | 'canceled') {
  const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, started.payment_id));
  expect((await api.post('/api/test-checkout.php', { id: row!.providerPaymentId, outcome })).statusCode).toBe(200);
  return (await api.get(`/api/payment.php?id=${started.payment_id}`)).json() as PaymentState;
}

describe('a discount code on a payment', () => {
  it('charges the discounted amount, records the discount and the invoice on what was charged', async () => {
    const { api, member: m } = await member();
    const bundle = await firstBundle(api);
    const c = await code({ paymentMethods: ['ideal', 'creditcard'], country: 'NL', currency: 'EUR', minimumOrderMinor: bundle.amount });
    const res = await start(api, bundle.id, c.code.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json() as PaymentStart;
    const [row] = await paymentsOf(m.id);
    expect(bundle.amount).toBe(999);
    expect(row!.amountMinor).toBe(749);
    const [atProvider] = await t.database.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, row!.providerPaymentId!));
    expect(atProvider!.amountMinor).toBe(749);
    expect((await finish(api, started, 'paid')).status).toBe('paid');
    const detail = (await api.get(`/api/transaction.php?id=${started.payment_id}`)).json() as TransactionDetail;
    expect(detail).toMatchObject({ amount: 749, discount: { code: c.code, percentage: 25, original_amount: 999 } });
    // NL VAT 21 % of the 7.49 charged: 1.30.
    expect(detail.invoice).toMatchObject({ amount_including_vat: 749, vat: 130, amount_excluding_vat: 619 });
    const listed = (await api.get('/api/transactions.php')).json() as { transactions: TransactionDetail[] };
    expect(listed.transactions[0]!.discount).toEqual({ code: c.code, percentage: 25, original_amount: 999 });
    // Repeat order pays the bundle's price again: it shows that, not the discounted one.
    expect(((await api.get('/api/credits.php?country=NL')).json() as CreditsPage).last_order).toMatchObject({ bundle_id: bundle.id, amount: 999 });
  });

  it('lets one of five concurrent payments use a once-per-user code; the others get 409 and write nothing', async () => {
    const { api, member: m } = await member();
    const bundle = await firstBundle(api);
    const c = await code();
    const answers = await Promise.all(Array.from({ length: 5 }, () => start(api, bundle.id, c.code)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.filter((r) => r.statusCode === 409)) expect(refused.json().error).toMatchObject({ code: 'codeUsed', message: 'Code already used' });
    const rows = await paymentsOf(m.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountMinor).toBe(749);
    expect(await redemptionsOf(m.id)).toHaveLength(1);
    const atProvider = await t.database.db.select().from(testProviderPayments).where(inArray(testProviderPayments.id, rows.map((r) => r.providerPaymentId!)));
    expect(atProvider).toHaveLength(1);
  });

  it('gives the code back when the payment fails or is cancelled, and keeps it used once paid', async () => {
    const { api, member: m } = await member({}, 'de');
    const bundle = await firstBundle(api);
    const c = await code();
    const failed = (await start(api, bundle.id, c.code)).json() as PaymentStart;
    expect((await finish(api, failed, 'failed')).status).toBe('failed');
    const canceled = (await start(api, bundle.id, c.code)).json() as PaymentStart;
    expect((await finish(api, canceled, 'canceled')).status).toBe('canceled');
    const paid = (await start(api, bundle.id, c.code)).json() as PaymentStart;
    expect((await finish(api, paid, 'paid')).status).toBe('paid');
    expect((await redemptionsOf(m.id)).map((r) => r.counts).sort()).toEqual([false, false, true]);
    const again = await start(api, bundle.id, c.code);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Code bereits verwendet');
    expect((await api.get(`/api/discountcode.php?code=${c.code}`)).statusCode).toBe(409);
    // An unlimited code stays usable after a payment.
    const open = await code({ validity: 'unlimited' });
    expect((await start(api, bundle.id, open.code)).statusCode).toBe(200);
    expect((await start(api, bundle.id, open.code)).statusCode).toBe(200);
  });

  it('returns the first payment unchanged for a replay of its key', async () => {
    const { api, member: m } = await member();
    const bundle = await firstBundle(api);
    const c = await code();
    const key = randomUUID();
    const first = await start(api, bundle.id, c.code, { key });
    const replay = await start(api, bundle.id, c.code, { key });
    const withoutCode = await start(api, bundle.id, undefined, { key });
    expect([first.statusCode, replay.statusCode, withoutCode.statusCode]).toEqual([200, 200, 200]);
    expect(replay.json()).toEqual(first.json());
    expect(withoutCode.json()).toEqual(first.json());
    expect((await paymentsOf(m.id)).map((p) => p.amountMinor)).toEqual([749]);
    expect(await redemptionsOf(m.id)).toHaveLength(1);
  });

  it('starts one payment for a double click on Pay with a once-per-user code', async () => {
    const { api, member: m } = await member();
    const bundle = await firstBundle(api);
    const c = await code();
    const key = randomUUID();
    const [a, b] = await Promise.all([start(api, bundle.id, c.code, { key }), start(api, bundle.id, c.code, { key })]);
    expect([a.statusCode, b.statusCode], b.body).toEqual([200, 200]);
    expect(a.json().payment_id).toBe(b.json().payment_id);
    expect(await paymentsOf(m.id)).toHaveLength(1);
    expect(await redemptionsOf(m.id)).toHaveLength(1);
  });

  it('counts the code again when a payment given up on is paid after all, but books the money when it was used meanwhile', async () => {
    const { api, member: m } = await member();
    const bundle = await firstBundle(api);
    const c = await code();
    const late = (await start(api, bundle.id, c.code)).json() as PaymentStart;
    expect((await finish(api, late, 'failed')).status).toBe('failed');
    const [lateRow] = await t.database.db.select().from(payments).where(eq(payments.publicId, late.payment_id));
    await t.app.testProvider.simulate(lateRow!.providerPaymentId!, 'paid');
    expect((await deliverWebhook(t, 'test', `id=${lateRow!.providerPaymentId}`)).statusCode).toBe(200);
    expect((await redemptionsOf(m.id)).map((r) => r.counts)).toEqual([true]);
    expect((await start(api, bundle.id, c.code)).statusCode).toBe(409);

    const other = await code();
    const given = (await start(api, bundle.id, other.code)).json() as PaymentStart;
    expect((await finish(api, given, 'failed')).status).toBe('failed');
    const reused = (await start(api, bundle.id, other.code)).json() as PaymentStart;
    expect((await finish(api, reused, 'paid')).status).toBe('paid');
    const [givenRow] = await t.database.db.select().from(payments).where(eq(payments.publicId, given.payment_id));
    await t.app.testProvider.simulate(givenRow!.providerPaymentId!, 'paid');
    expect((await deliverWebhook(t, 'test', `id=${givenRow!.providerPaymentId}`)).statusCode).toBe(200);
    const [settled] = await t.database.db.select().from(payments).where(eq(payments.id, givenRow!.id));
    expect(settled!.status).toBe('paid');
    const [wallet] = await t.database.db.select({ balance: members.creditBalance }).from(members).where(eq(members.id, m.id));
    expect(wallet!.balance).toBe(3 * bundle.credits);
  });
});

describe('codes that do not apply', () => {
  async function refused(values: Partial<typeof discountCodes.$inferInsert>, lang = 'en', opts: { method?: string; country?: string } = {}) {
    const { api, member: m } = await member({}, lang);
    const bundle = await firstBundle(api, opts.country ?? 'NL');
    const c = await code(values);
    const res = await start(api, bundle.id, c.code, opts);
    expect(await paymentsOf(m.id)).toEqual([]);
    expect(await redemptionsOf(m.id)).toEqual([]);
    return { status: res.statusCode, error: res.json().error as { code: string; message: string; fields?: Record<string, string> } };
  }

  it('refuses an expired code, another country, a smaller order and another method, with their messages', async () => {
    expect(await refused({ expiresAt: new Date(Date.now() - 1000) })).toMatchObject({ status: 400, error: { code: 'codeExpired', message: 'This code has expired' } });
    expect(await refused({ country: 'DE' })).toMatchObject({ status: 400, error: { code: 'codeCountry', message: 'This code is not valid in your payment country' } });
    expect(await refused({ minimumOrderMinor: 5000, currency: 'EUR' })).toMatchObject({ status: 400, error: { code: 'codeMinimumOrder', message: 'This code applies to orders of €50.00 or more', fields: { code: 'This code applies to orders of €50.00 or more' } } });
    expect(await refused({ paymentMethods: ['creditcard'] })).toMatchObject({ status: 400, error: { code: 'codePaymentMethod', message: 'This code is not valid for this payment method' } });
  });

  it('writes the refusals in the member language, the minimum in its money format', async () => {
    expect((await refused({ minimumOrderMinor: 5000, currency: 'EUR' }, 'de')).error.message).toBe('Dieser Code gilt ab einem Bestellwert von 50,00\u00a0€');
    expect((await refused({ expiresAt: new Date(Date.now() - 1000) }, 'nl')).error.message).toBe('Deze code is verlopen');
    // A minimum in another currency is not met by an order in euros, and says its own currency.
    expect((await refused({ minimumOrderMinor: 100, currency: 'PLN' }, 'pl')).error.message).toBe(`Ten kod obowiązuje przy zamówieniach od ${formatMoney(100, 'PLN', 'pl')}`);
  });

  it("answers 'Code not found' for unknown, disabled and other members' codes", async () => {
    const other = await member();
    expect(await refused({ status: 'disabled' }, 'it')).toMatchObject({ status: 404, error: { code: 'codeNotFound' } });
    expect(await refused({ memberId: other.member.id })).toMatchObject({ status: 404, error: { code: 'codeNotFound', message: 'Code not found' } });
    const { api, member: m } = await member();
    const res = await start(api, (await firstBundle(api)).id, 'NO-SUCH-CODE');
    expect(res.statusCode).toBe(404);
    expect(await paymentsOf(m.id)).toEqual([]);
  });

  it('refuses a code too long as bad input and changes nothing', async () => {
    const { api, member: m } = await member();
    const res = await start(api, (await firstBundle(api)).id, 'X'.repeat(41));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalidInput');
    expect(await paymentsOf(m.id)).toEqual([]);
  });
});

describe('the time bonus on a payment', () => {
  it('applies TIMEBONUS25 during the first 14,400 s, refuses it after and after the first payment', async () => {
    const young = await member({ createdAt: new Date(Date.now() - 3600_000) });
    const bundle = await firstBundle(young.api);
    const res = await start(young.api, bundle.id, TIME_BONUS_CODE);
    expect(res.statusCode, res.body).toBe(200);
    expect((await paymentsOf(young.member.id))[0]!.details).toEqual({ discount: { code: TIME_BONUS_CODE, percentage: 25, original_amount: 999 } });

    const old = await member({ createdAt: new Date(Date.now() - (TIME_BONUS_WINDOW_S + 60) * 1000) }, 'sv');
    const late = await start(old.api, bundle.id, TIME_BONUS_CODE);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe('Den här koden har gått ut');
    // Moving the signup back into the window brings it back (the server's signup time decides).
    await t.database.db.update(members).set({ createdAt: new Date() }).where(eq(members.id, old.member.id));
    expect((await start(old.api, bundle.id, TIME_BONUS_CODE)).statusCode).toBe(200);

    const paid = await member({ paidUser: true });
    const afterPaying = await start(paid.api, bundle.id, TIME_BONUS_CODE);
    expect(afterPaying.statusCode).toBe(404);
    expect(await paymentsOf(paid.member.id)).toEqual([]);
  });
});

describe('the welcome offers are one offer', () => {
  const afterWindow = () => new Date(Date.now() - (TIME_BONUS_WINDOW_S + 60) * 1000);

  it('refuses WELCOME25 while the time bonus runs, on a payment and when it is looked up', async () => {
    const { api, member: m } = await member({ createdAt: new Date(Date.now() - 3600_000) }, 'de');
    const bundle = await firstBundle(api);
    const res = await start(api, bundle.id, WELCOME_CODE);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({ code: 'codeNotFound', message: 'Code nicht gefunden' });
    expect(await paymentsOf(m.id)).toEqual([]);
    expect((await api.get(`/api/discountcode.php?code=${WELCOME_CODE}`)).statusCode).toBe(404);
    expect((await start(api, bundle.id, TIME_BONUS_CODE)).statusCode).toBe(200);
  });

  it('refuses WELCOME25 after the window to a member whose TIMEBONUS25 payment still counts, and gives it back when that payment fails', async () => {
    const { api, member: m } = await member({ createdAt: new Date(Date.now() - 3600_000) });
    const bundle = await firstBundle(api);
    const bonus = (await start(api, bundle.id, TIME_BONUS_CODE)).json() as PaymentStart;
    await t.database.db.update(members).set({ createdAt: afterWindow() }).where(eq(members.id, m.id));
    const res = await start(api, bundle.id, WELCOME_CODE);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'codeUsed', message: 'Code already used' });
    expect(await paymentsOf(m.id)).toHaveLength(1);
    expect((await api.get('/api/discountcode.php?welcome=true')).statusCode).toBe(404);
    expect((await api.get(`/api/discountcode.php?code=${WELCOME_CODE}`)).statusCode).toBe(409);
    // The time bonus's payment did not go through: the welcome offer is the member's again.
    expect((await finish(api, bonus, 'failed')).status).toBe('failed');
    expect((await start(api, bundle.id, WELCOME_CODE)).statusCode).toBe(200);
  });

  it('grants a discounted payment paid after the first completed one only the credits its amount buys at the full price', async () => {
    const { api } = await member({ createdAt: new Date(Date.now() - 3600_000) });
    const bundle = await firstBundle(api);
    const bonus = (await start(api, bundle.id, TIME_BONUS_CODE)).json() as PaymentStart;
    const full = (await start(api, bundle.id, undefined)).json() as PaymentStart;
    expect((await finish(api, full, 'paid')).status).toBe('paid');
    const late = await finish(api, bonus, 'paid');
    const fair = Math.floor((bundle.credits * 749) / 999);
    expect(late).toMatchObject({ status: 'paid', credits: fair, amount: 749, balance: bundle.credits + fair });
    const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, bonus.payment_id));
    expect(row!.details).toMatchObject({ discount: { code: TIME_BONUS_CODE, original_amount: 999 }, discount_withdrawn: { reason: 'paid-before', bundle_credits: bundle.credits, credits: fair } });
    const detail = (await api.get(`/api/transaction.php?id=${bonus.payment_id}`)).json() as TransactionDetail;
    expect(detail).toMatchObject({ credits: fair, amount: 749 });
  });
});
