import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { composeIBAN } from 'ibantools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directDebitEndpoints } from '../../../common/direct-debit/direct-debit-endpoints';
import { paymentsEndpoints } from '../../../common/payments/payments-endpoints';
import { directDebitCollections } from '../../db/direct-debit-schema';
import { payments } from '../../db/payments-schema';
import { members, sites } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { loggedInMember } from '../../test-support/test-client';
import { demoSiteId } from '../../test-support/test-members';
import { directDebitBundles } from '../../test-support/direct-debit-bundles';
import { lastSmsCode, smsTo } from '../../test-support/sms-outbox';
import { runSepaCommand } from './sepa-cli';
import { FieldCipher } from './field-cipher';
import { dataKeysOf } from '../../secrets';

/**
 * The money-safety review's direct-debit findings, each through the public API: a key shared
 * with another flow, limits and blocks per IBAN and mobile number across members, confirmed
 * members only, SMS only to the site's countries and within the site's hourly budget.
 */
const SEND = directDebitEndpoints.sendCode.path;
const VERIFY = directDebitEndpoints.verify.path;
const PAGE = directDebitEndpoints.page.path;
const CREDITOR_ENV = { SEPA_CREDITOR_NAME: 'Rendezvous Media B.V.', SEPA_CREDITOR_IBAN: 'NL44 RABO 0123 4567 89', SEPA_CREDITOR_ID: 'NL69ZZZ123456780000' };
const LIMIT = 'Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.';
const BLOCKED = 'Your account is blocked for direct debit payments.';

const lines: string[] = [];
let t: TestApp;
let cipher: FieldCipher;
let siteId = 0;
let small = 0;
let large = 0;
let counter = 0;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream });
  cipher = new FieldCipher(dataKeysOf({ cookieSecret: 'test-cookie-secret-test-cookie-secret', vapidPublicKey: '', vapidPrivateKey: '' }));
  siteId = await demoSiteId(t.database.db);
  ({ small, large } = await directDebitBundles(t.database.db, siteId));
});
afterAll(async () => t?.close());

function iban(n: number): string {
  return composeIBAN({ countryCode: 'NL', bban: `RABO${String(300_000_000 + n).padStart(10, '0')}` })!;
}

async function payer(overrides: Parameters<typeof loggedInMember>[1] = {}) {
  counter += 1;
  const who = await loggedInMember(t, { creditBalance: 20, emailConfirmedAt: new Date(), ...overrides });
  return { ...who, mobile: `+316${String(20_000_000 + counter)}`, iban: iban(counter) };
}
type Payer = Awaited<ReturnType<typeof payer>>;

function details(p: Payer, bundle: number, overrides: Record<string, unknown> = {}) {
  return {
    bundle,
    country: 'NL',
    holder: 'Sanne Bakker',
    iban: p.iban,
    street: 'Prinsengracht',
    house_number: '263',
    postal_code: '1016 GV',
    city: 'Amsterdam',
    mobile: p.mobile,
    idempotency_key: randomUUID(),
    ...overrides,
  };
}

async function buy(p: Payer, bundle = small, overrides: Record<string, unknown> = {}) {
  const sent = await p.api.post(SEND, details(p, bundle, overrides));
  expect(sent.statusCode, sent.body).toBe(200);
  const mobile = (overrides.mobile as string | undefined) ?? p.mobile;
  const res = await p.api.post(VERIFY, { verification_id: sent.json<{ verification_id: string }>().verification_id, code: await lastSmsCode(t, mobile) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payment_id: string; balance: number }>();
}

const balanceOf = async (memberId: number) => (await t.database.db.select({ b: members.creditBalance }).from(members).where(eq(members.id, memberId)))[0]!.b;
const collectionsOf = async (memberId: number) => t.database.db.select().from(directDebitCollections).where(eq(directDebitCollections.memberId, memberId));
const errorOf = (res: { json: <T>() => T }) => res.json<{ error: { code: string; message: string } }>().error;

/** A card payment of `member` as the card flow leaves it, and the SEPA collection it should never have had (data from before the fix). */
async function collectedCardPayment(member: { id: number }, amountMinor: number, currency = 'EUR') {
  const db = t.database.db;
  const [payment] = await db
    .insert(payments)
    .values({ publicId: `TESTCARD${randomUUID().slice(0, 8).toUpperCase()}`, memberId: member.id, siteId, bundleId: large, credits: 1_500, method: 'creditcard', provider: 'test', amountMinor, currency, country: 'NL', vatRateBp: 2100, status: 'paid', paidAt: new Date(), idempotencyKey: randomUUID() })
    .returning();
  await db.insert(directDebitCollections).values({
    paymentId: payment!.id,
    siteId,
    memberId: member.id,
    amountMinor,
    currency,
    debtor: { holder: 'Sanne Bakker', ibanEncrypted: cipher.encrypt(iban(9_999)), bic: null, mandateReference: `RDV-T-${payment!.id}`, mandateSignedAt: new Date().toISOString() },
  });
  return payment!;
}

describe('an idempotency key belongs to one payment flow', () => {
  it('refuses a direct debit with the key of a started card payment: 409, no code sent, nothing written', async () => {
    const p = await payer();
    const key = randomUUID();
    const card = await p.api.post(paymentsEndpoints.start.path, { bundle: large, method: 'creditcard', country: 'NL', idempotency_key: key });
    expect(card.statusCode, card.body).toBe(200);
    const res = await p.api.post(SEND, details(p, small, { idempotency_key: key }));
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).message).toBe('This payment was already started with other choices. Please reload the page and try again.');
    expect(await smsTo(t, p.mobile)).toHaveLength(0);
  });

  it('never confirms a card payment made with the key meanwhile: no collection, no credits, the card payment untouched', async () => {
    const p = await payer();
    const key = randomUUID();
    const sent = await p.api.post(SEND, details(p, small, { idempotency_key: key }));
    expect(sent.statusCode, sent.body).toBe(200);
    const card = await p.api.post(paymentsEndpoints.start.path, { bundle: large, method: 'creditcard', country: 'NL', idempotency_key: key });
    expect(card.statusCode, card.body).toBe(200);
    const res = await p.api.post(VERIFY, { verification_id: sent.json<{ verification_id: string }>().verification_id, code: await lastSmsCode(t, p.mobile) });
    expect(res.statusCode, res.body).toBe(409);
    expect(await balanceOf(p.member.id)).toBe(20);
    expect(await collectionsOf(p.member.id)).toHaveLength(0);
    const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, card.json<{ payment_id: string }>().payment_id));
    expect(row).toMatchObject({ method: 'creditcard', status: 'open', paidAt: null });
  });

  it('refuses a card payment with the key of a direct debit, and a card payment of another bundle with a card key', async () => {
    const p = await payer();
    const key = randomUUID();
    await buy(p, small, { idempotency_key: key });
    const card = await p.api.post(paymentsEndpoints.start.path, { bundle: small, method: 'creditcard', country: 'NL', idempotency_key: key });
    expect(card.statusCode, card.body).toBe(409);
    const cardKey = randomUUID();
    expect((await p.api.post(paymentsEndpoints.start.path, { bundle: small, method: 'creditcard', country: 'NL', idempotency_key: cardKey })).statusCode).toBe(200);
    const again = await p.api.post(paymentsEndpoints.start.path, { bundle: small, method: 'creditcard', country: 'NL', idempotency_key: cardKey });
    expect(again.statusCode, again.body).toBe(200);
    const other = await p.api.post(paymentsEndpoints.start.path, { bundle: large, method: 'creditcard', country: 'NL', idempotency_key: cardKey });
    expect(other.statusCode, other.body).toBe(409);
  });
});

describe('the limits and blocks count every SEPA collection', () => {
  it('counts a collection by its amount whatever its payment method says', async () => {
    const p = await payer();
    await collectedCardPayment(p.member, 12_000);
    const res = await p.api.post(SEND, details(p, large));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).message).toBe(LIMIT);
  });

  it('blocks direct debit after any returned collection, and the export refuses anything but euro', async () => {
    const p = await payer();
    const card = await collectedCardPayment(p.member, 4_500, 'PLN');
    const db = t.database.db;
    const out = await runSepaCommand({ db, cipher, dataDir: t.dataDir, env: CREDITOR_ENV }, ['export', '--site', 'rendezvous']);
    expect(out).toContain(`Refused ${card.publicId}: PLN`);
    const [pending] = await db.select().from(directDebitCollections).where(eq(directDebitCollections.paymentId, card.id));
    expect(pending!.exportedAt).toBeNull();
    for (const file of out.match(/\S+\.xml/g) ?? []) expect(await readFile(file, 'utf8')).not.toContain(card.publicId);

    expect(await runSepaCommand({ db, cipher, dataDir: t.dataDir, env: CREDITOR_ENV }, ['return', card.publicId, '--reason', 'AC04'])).toMatch(/returned \(AC04\)/);
    const res = await p.api.post(SEND, details(p, small));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).message).toBe(BLOCKED);
  });
});

describe('direct debit across members', () => {
  it('is for members with a confirmed e-mail address only', async () => {
    const p = await payer({ emailConfirmedAt: null, status: 'not_confirmed' });
    const res = await p.api.post(SEND, details(p, small));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).code).toBe('unconfirmed');
    expect(await smsTo(t, p.mobile)).toHaveLength(0);
    expect((await p.api.get(`${PAGE}?bundle=${small}&country=NL`)).json()).toMatchObject({ email_unconfirmed: true, blocked: false });
  });

  it('holds the limits per IBAN: a second member cannot pay with an account that reached them', async () => {
    const first = await payer();
    for (let i = 0; i < 3; i += 1) await buy(first);
    const second = await payer();
    const res = await second.api.post(SEND, details(second, small, { iban: first.iban }));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).message).toBe(LIMIT);
    expect((await second.api.post(SEND, details(second, small))).statusCode).toBe(200);
  });

  it('holds the limits per mobile number across members', async () => {
    const first = await payer();
    await buy(first, large);
    const second = await payer();
    const res = await second.api.post(SEND, details(second, large, { mobile: first.mobile }));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).message).toBe(LIMIT);
  });

  it('blocks an IBAN and a mobile number with a returned collection for everyone', async () => {
    const first = await payer();
    const paid = await buy(first);
    const db = t.database.db;
    await runSepaCommand({ db, cipher, dataDir: t.dataDir, env: CREDITOR_ENV }, ['return', paid.payment_id]);
    const byIban = await payer();
    const res = await byIban.api.post(SEND, details(byIban, small, { iban: first.iban }));
    expect(res.statusCode, res.body).toBe(403);
    expect(errorOf(res).message).toBe(BLOCKED);
    const byMobile = await payer();
    expect(errorOf(await byMobile.api.post(SEND, details(byMobile, small, { mobile: first.mobile }))).message).toBe(BLOCKED);
    expect((await byMobile.api.post(SEND, details(byMobile, small))).statusCode).toBe(200);
  });
});

describe('SMS codes', () => {
  it("go only to mobile numbers of the site's countries", async () => {
    const p = await payer();
    for (const mobile of ['+882 16 12345678', '+7 912 345 67 89']) {
      const res = await p.api.post(SEND, details(p, small, { mobile }));
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).code).toBe('mobileCountry');
    }
    const dir = await smsTo(t, '+8821612345678');
    expect(dir).toHaveLength(0);
  });

  it("stop at the site's hourly budget, which the log shows", async () => {
    const db = t.database.db;
    const [{ sent }] = (await db.execute(sql`select count(*)::int as sent from direct_debit_verifications where site_id = ${siteId}`)).rows as [{ sent: number }];
    await db
      .update(sites)
      .set({ settings: sql`${sites.settings} || ${JSON.stringify({ direct_debit_sms_per_hour: sent + 1 })}::jsonb` })
      .where(eq(sites.id, siteId));
    await t.app.sites.reload();
    try {
      const p = await payer();
      expect((await p.api.post(SEND, details(p, small))).statusCode).toBe(200);
      const q = await payer();
      const res = await q.api.post(SEND, details(q, small));
      expect(res.statusCode, res.body).toBe(429);
      expect(await smsTo(t, q.mobile)).toHaveLength(0);
      expect(lines.join('')).toContain('direct-debit SMS budget of the hour reached');
    } finally {
      await db
        .update(sites)
        .set({ settings: sql`${sites.settings} - 'direct_debit_sms_per_hour'` })
        .where(eq(sites.id, siteId));
      await t.app.sites.reload();
    }
  });
});
