import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { composeIBAN } from 'ibantools';
import { beforeAll, describe, expect, it } from 'vitest';
import { directDebitEndpoints } from '../../../common/direct-debit/direct-debit-endpoints';
import type { DirectDebitPage } from '../../../common/direct-debit/direct-debit-schemas';
import { TIME_BONUS_CODE, TIME_BONUS_WINDOW_S, WELCOME_CODE } from '../../../common/limits';
import type { TransactionDetail } from '../../../common/payments/payment-schemas';
import { directDebitCollections, directDebitVerifications } from '../../db/direct-debit-schema';
import { discountCodes, discountRedemptions } from '../../db/offers-schema';
import { payments } from '../../db/payments-schema';
import { members } from '../../db/schema';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';
import { demoSiteId } from '../../test-support/test-members';
import { directDebitBundles } from '../../test-support/direct-debit-bundles';
import { lastSmsCode, smsTo } from '../../test-support/sms-outbox';
import { recordReturn } from './direct-debit-reversal';

/** Issue 26: a discount code on SEPA direct debit, priced, charged, recorded and redeemed as on any payment. */
const t = testAppForFile();
const { page: PAGE_EP, sendCode: SEND_EP, verify: VERIFY_EP } = directDebitEndpoints;

let small = 0;
let large = 0;
let phone = 0;
let codes = 0;

beforeAll(async () => {
  ({ small, large } = await directDebitBundles(t.database.db, await demoSiteId(t.database.db)));
});

/** A new operator code, its text unique per test. */
async function code(values: Partial<typeof discountCodes.$inferInsert> = {}) {
  codes += 1;
  const [row] = await t.database.db
    .insert(discountCodes)
    .values({ code: `DDTEST${codes}`, valuePercentageBp: 2000, validity: 'unlimited', ...values })
    .returning();
  return row!;
}

async function payer(lang = 'en') {
  phone += 1;
  const who = await loggedInMember(t, { creditBalance: 0, language: lang, emailConfirmedAt: new Date() }, lang);
  // An account of its own: the limits also count per IBAN across members.
  const iban = composeIBAN({ countryCode: 'NL', bban: `ABNA${String(417_170_000 + phone).padStart(10, '0')}` })!;
  return { ...who, mobile: `+3161235${String(1000 + phone)}`, iban };
}
type Payer = Awaited<ReturnType<typeof payer>>;

function send(p: Payer, bundle: number, discountCode?: string) {
  return p.api.post(SEND_EP.path, {
    bundle,
    country: 'NL',
    holder: 'Anna de Vries',
    iban: p.iban,
    street: 'Keizersgracht',
    house_number: '12a',
    postal_code: '1015 CS',
    city: 'Amsterdam',
    mobile: p.mobile,
    idempotency_key: randomUUID(),
    ...(discountCode === undefined ? {} : { discount_code: discountCode }),
  });
}

async function verify(p: Payer, verificationId: string) {
  return p.api.post(VERIFY_EP.path, { verification_id: verificationId, code: await lastSmsCode(t, p.mobile) });
}

/** Sends a code with the discount code and enters it: the payment's row. */
async function buy(p: Payer, bundle: number, discountCode?: string) {
  const sent = await send(p, bundle, discountCode);
  expect(sent.statusCode, sent.body).toBe(200);
  const paid = await verify(p, sent.json<{ verification_id: string }>().verification_id);
  expect(paid.statusCode, paid.body).toBe(200);
  const [row] = await t.database.db.select().from(payments).where(eq(payments.publicId, paid.json<{ payment_id: string }>().payment_id));
  return row!;
}

async function page(p: Payer, bundle: number, text: string) {
  const res = await p.api.get(`${PAGE_EP.path}?bundle=${bundle}&country=NL&code=${encodeURIComponent(text)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DirectDebitPage>();
}

const redemptionsOf = (memberId: number) => t.database.db.select().from(discountRedemptions).where(eq(discountRedemptions.memberId, memberId));
const verificationsOf = (memberId: number) => t.database.db.select().from(directDebitVerifications).where(eq(directDebitVerifications.memberId, memberId));
const paymentsOf = (memberId: number) => t.database.db.select().from(payments).where(eq(payments.memberId, memberId));

describe('a discount code on direct debit', () => {
  it('prices the page, charges the discounted amount, records the discount and collects what was charged', async () => {
    const p = await payer();
    const c = await code();
    expect(await page(p, small, c.code.toLowerCase())).toMatchObject({
      bundle: { id: small, amount: 1_000, amount_due: 800 },
      discount: { code: c.code, percentage: 20, original_amount: 1_000 },
      discount_error: null,
    });
    expect((await p.api.get(`${PAGE_EP.path}?bundle=${small}&country=NL`)).json()).toMatchObject({ bundle: { amount: 1_000, amount_due: 1_000 }, discount: null, discount_error: null });

    const payment = await buy(p, small, c.code.toLowerCase());
    expect(payment).toMatchObject({ status: 'paid', amountMinor: 800, method: 'directdebit' });
    expect(payment.details).toEqual({ mandate_reference: expect.any(String), discount: { code: c.code, percentage: 20, original_amount: 1_000 } });
    const [collection] = await t.database.db.select().from(directDebitCollections).where(eq(directDebitCollections.paymentId, payment.id));
    expect(collection!.amountMinor).toBe(800);
    expect(await redemptionsOf(p.member.id)).toMatchObject([{ codeId: c.id, paymentId: payment.id, counts: true }]);
    const [member] = await t.database.db.select().from(members).where(eq(members.id, p.member.id));
    expect(member!.creditBalance).toBe(100);
    const detail = (await p.api.get(`/api/transaction.php?id=${payment.publicId}`)).json<TransactionDetail>();
    expect(detail).toMatchObject({ amount: 800, discount: { code: c.code, percentage: 20, original_amount: 1_000 } });
  });

  it('refuses a once-per-user code on a second direct debit, and a refusal sends no SMS and stores nothing', async () => {
    const p = await payer();
    const once = await code({ validity: 'once-per-user', valuePercentageBp: 2500 });
    await buy(p, small, once.code);

    const again = await send(p, small, once.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: { code: 'codeUsed', message: 'Code already used', fields: { discount_code: 'Code already used' } } });
    const unknown = await send(p, small, 'NO-SUCH-CODE');
    expect(unknown.json()).toMatchObject({ error: { code: 'codeNotFound', fields: { discount_code: 'Code not found' } } });
    const idealOnly = await code({ paymentMethods: ['ideal'] });
    expect((await send(p, small, idealOnly.code)).json()).toMatchObject({ error: { code: 'codePaymentMethod' } });
    // Only the first purchase's verification and SMS.
    expect(await verificationsOf(p.member.id)).toHaveLength(1);
    expect(await smsTo(t, p.mobile)).toHaveLength(1);

    // The page says why and goes on at the normal price, in the member's language.
    expect(await page(p, small, once.code)).toMatchObject({ bundle: { amount: 1_000, amount_due: 1_000 }, discount: null, discount_error: 'Code already used' });
    const de = await payer('de');
    expect(await page(de, small, 'NO-SUCH-CODE')).toMatchObject({ discount: null, discount_error: 'Code nicht gefunden' });
  });

  it('refuses the confirmation with 409 when the code was used meanwhile, writing nothing', async () => {
    const p = await payer();
    const once = await code({ validity: 'once-per-user' });
    // Two forms sent with the code before either is confirmed.
    const first = (await send(p, small, once.code)).json<{ verification_id: string }>();
    const firstSms = await lastSmsCode(t, p.mobile);
    const second = (await send(p, small, once.code)).json<{ verification_id: string }>();
    const paidSecond = await verify(p, second.verification_id);
    expect(paidSecond.statusCode, paidSecond.body).toBe(200);

    const late = await p.api.post(VERIFY_EP.path, { verification_id: first.verification_id, code: firstSms });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ error: { code: 'codeUsed', fields: { discount_code: 'Code already used' } } });
    expect(await paymentsOf(p.member.id)).toHaveLength(1);
    expect(await redemptionsOf(p.member.id)).toHaveLength(1);
    const [verification] = await t.database.db.select().from(directDebitVerifications).where(eq(directDebitVerifications.publicId, first.verification_id));
    expect(verification!.usedAt).toBeNull();
    const [member] = await t.database.db.select().from(members).where(eq(members.id, p.member.id));
    expect(member!.creditBalance).toBe(100);
  });

  it('counts the discounted amount against the limit', async () => {
    const p = await payer();
    const half = await code({ valuePercentageBp: 5_000 });
    // EUR 150 per period: 60 + 120 is past it, 60 + 60 is not.
    const first = await buy(p, large, half.code);
    expect(first.amountMinor).toBe(6_000);
    expect((await send(p, large)).json()).toMatchObject({ error: { code: 'limit' } });
    expect((await send(p, large, half.code)).statusCode).toBe(200);
  });

  it('keeps a once-per-user code used when the collection is returned', async () => {
    const p = await payer();
    const once = await code({ validity: 'once-per-user' });
    const payment = await buy(p, small, once.code);
    expect((await recordReturn(t.database.db, payment.publicId, 'MD06')).kind).toBe('returned');
    const [row] = await t.database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe('charged_back');
    expect(await redemptionsOf(p.member.id)).toMatchObject([{ paymentId: payment.id, counts: true }]);
  });
});

describe('the welcome offers on direct debit', () => {
  it('refuses WELCOME25 during the time bonus and after TIMEBONUS25 was paid with, sending no SMS', async () => {
    const p = await payer();
    expect((await send(p, small, WELCOME_CODE)).json()).toMatchObject({ error: { code: 'codeNotFound', fields: { discount_code: 'Code not found' } } });
    const bonus = await buy(p, small, TIME_BONUS_CODE);
    expect(bonus).toMatchObject({ status: 'paid', amountMinor: 750 });
    await t.database.db.update(members).set({ createdAt: new Date(Date.now() - (TIME_BONUS_WINDOW_S + 60) * 1000) }).where(eq(members.id, p.member.id));
    expect((await send(p, small, WELCOME_CODE)).json()).toMatchObject({ error: { code: 'codeNotFound' } });
    expect(await smsTo(t, p.mobile)).toHaveLength(1);
  });
});
