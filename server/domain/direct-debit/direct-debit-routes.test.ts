import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { parse as parseXml, validate as validateXml } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionEndpoints } from '../../../common/account-deletion/account-deletion-endpoints';
import { directDebitEndpoints } from '../../../common/direct-debit/direct-debit-endpoints';
import { SMS_CODE_MAX_ATTEMPTS } from '../../../common/direct-debit/direct-debit-rules';
import { directDebitAccounts, directDebitBlocks, directDebitCollections, directDebitVerifications } from '../../db/direct-debit-schema';
import { creditBundles, payments } from '../../db/payments-schema';
import { creditEntries, members } from '../../db/schema';
import { composeIBAN, friendlyFormatIBAN } from 'ibantools';
import { dataKeysOf } from '../../secrets';
import { testAppForFile } from '../../test-support/test-app-for-file';
import { loggedInMember } from '../../test-support/test-client';
import { demoSiteId } from '../../test-support/test-members';
import { directDebitBundles } from '../../test-support/direct-debit-bundles';
import { lastSmsCode, smsTo } from '../../test-support/sms-outbox';
import { FieldCipher } from './field-cipher';
import { runSepaCommand } from './sepa-cli';

const t = testAppForFile();
const SEND = directDebitEndpoints.sendCode.path;
const VERIFY = directDebitEndpoints.verify.path;
const PAGE = directDebitEndpoints.page.path;
// The test app's secrets (server/test-support/test-app.ts): the same key the routes use.
const cipher = new FieldCipher(dataKeysOf({ cookieSecret: 'test-cookie-secret-test-cookie-secret', vapidPublicKey: '', vapidPrivateKey: '' }));
const CREDITOR_ENV = { SEPA_CREDITOR_NAME: 'Rendezvous Media B.V.', SEPA_CREDITOR_IBAN: 'NL44 RABO 0123 4567 89', SEPA_CREDITOR_ID: 'NL69ZZZ123456780000' };

let small = 0;
let large = 0;
let zloty = 0;
let phone = 0;

beforeAll(async () => {
  const db = t.database.db;
  const siteId = await demoSiteId(db);
  ({ small, large } = await directDebitBundles(db, siteId));
  const [pln] = await db.insert(creditBundles).values({ siteId, country: 'PL', currency: 'PLN', credits: 100, amountMinor: 4_500, position: 1 }).returning();
  zloty = pln!.id;
});

/** A valid Dutch IBAN of its own per payer: the limits and blocks also count per IBAN across members. */
function ibanNumber(n: number): string {
  return composeIBAN({ countryCode: 'NL', bban: `ABNA${String(417_160_000 + n).padStart(10, '0')}` })!;
}

async function payer(overrides: Parameters<typeof loggedInMember>[1] = {}) {
  phone += 1;
  const mobile = `+3161234${String(1000 + phone)}`;
  const who = await loggedInMember(t, { creditBalance: 0, emailConfirmedAt: new Date(), ...overrides });
  const iban = ibanNumber(phone);
  return { ...who, mobile, iban };
}

type Payer = Awaited<ReturnType<typeof payer>>;

const details = (p: Payer, bundle = small, overrides: Record<string, unknown> = {}) => ({
  bundle,
  country: 'NL',
  holder: 'Anna de Vries',
  // As a member types it: in groups, in lower case.
  iban: friendlyFormatIBAN(p.iban)!.toLowerCase(),
  street: 'Keizersgracht',
  house_number: '12a',
  postal_code: '1015 CS',
  city: 'Amsterdam',
  mobile: p.mobile.replace('+31', '+31 ').replace('6', '6 '),
  idempotency_key: randomUUID(),
  ...overrides,
});

/** Every answer body of the test, to prove the IBAN is in none. */
const bodies: string[] = [];

async function send(p: Payer, bundle = small, overrides: Record<string, unknown> = {}) {
  const res = await p.api.post(SEND, details(p, bundle, overrides));
  bodies.push(res.body);
  return res;
}

async function verify(p: Payer, verificationId: string, code: string) {
  const res = await p.api.post(VERIFY, { verification_id: verificationId, code });
  bodies.push(res.body);
  return res;
}

/** Sends a code and enters it: the payment's answer. */
async function buy(p: Payer, bundle = small) {
  const sent = await send(p, bundle);
  expect(sent.statusCode, sent.body).toBe(200);
  const res = await verify(p, sent.json<{ verification_id: string }>().verification_id, await lastSmsCode(t, p.mobile));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ payment_id: string; balance: number }>();
}

const balanceOf = async (memberId: number) => (await t.database.db.select({ b: members.creditBalance }).from(members).where(eq(members.id, memberId)))[0]!.b;

describe('direct debit', () => {
  it('grants the credits once when the SMS code confirms the mandate, and records a collection', async () => {
    const p = await payer();
    const sent = await send(p);
    expect(sent.statusCode, sent.body).toBe(200);
    const { verification_id, mobile_masked } = sent.json<{ verification_id: string; mobile_masked: string }>();
    expect(mobile_masked).toMatch(/•••/);
    const sms = await smsTo(t, p.mobile);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.text).toMatch(/^\d{6} is your code/);

    const code = await lastSmsCode(t, p.mobile);
    const paid = await verify(p, verification_id, code);
    expect(paid.statusCode, paid.body).toBe(200);
    const body = paid.json<{ payment_id: string; bundle_id: number; credits: number; balance: number }>();
    expect(body).toMatchObject({ bundle_id: small, credits: 100, balance: 100 });

    const db = t.database.db;
    const [payment] = await db.select().from(payments).where(eq(payments.publicId, body.payment_id));
    expect(payment).toMatchObject({ provider: 'sepa', method: 'directdebit', status: 'paid', amountMinor: 1_000, currency: 'EUR', vatRateBp: 2100, memberId: p.member.id });
    const [member] = await db.select().from(members).where(eq(members.id, p.member.id));
    expect(member).toMatchObject({ creditBalance: 100, paidUser: true });
    const collections = await db.select().from(directDebitCollections).where(eq(directDebitCollections.paymentId, payment!.id));
    expect(collections).toHaveLength(1);
    expect(collections[0]).toMatchObject({ amountMinor: 1_000, exportedAt: null });

    // The same code again (a retried request): the same payment, nothing granted twice.
    const again = await verify(p, verification_id, code);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ payment_id: body.payment_id, balance: 100 });
    const wrongAfter = await verify(p, verification_id, code === '000000' ? '111111' : '000000');
    expect(wrongAfter.statusCode).toBe(400);
    expect(await balanceOf(p.member.id)).toBe(100);
    const ledger = await db
      .select()
      .from(creditEntries)
      .where(and(eq(creditEntries.memberId, p.member.id), eq(creditEntries.kind, 'purchase')));
    expect(ledger).toHaveLength(1);

    const page = await p.api.get(`${PAGE}?bundle=${small}&country=NL`);
    bodies.push(page.body);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      blocked: false,
      bundle: { id: small, credits: 100, amount: 1_000, currency: 'EUR' },
      account: {
        holder: 'Anna de Vries',
        iban_masked: `NL•• •••• ${p.iban.slice(-4)}`,
        street: 'Keizersgracht',
        house_number: '12a',
        postal_code: '1015 CS',
        city: 'Amsterdam',
        mobile: p.mobile,
      },
    });
  });

  it('answers a wrong code with "Code invalid" and counts the attempt', async () => {
    const p = await payer();
    const sent = (await send(p)).json<{ verification_id: string }>();
    const code = await lastSmsCode(t, p.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await verify(p, sent.verification_id, wrong);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'codeInvalid', message: 'Code invalid', fields: { code: 'Code invalid' } } });
    const [row] = await t.database.db.select().from(directDebitVerifications).where(eq(directDebitVerifications.publicId, sent.verification_id));
    expect(row!.attempts).toBe(1);
    expect(await balanceOf(p.member.id)).toBe(0);
    // In the member's language too.
    const de = await t.app.inject({
      method: 'POST',
      url: VERIFY,
      headers: { host: 'localhost:3000', origin: 'http://localhost:3000', cookie: p.cookie.replace('i18n_redirected=en', 'i18n_redirected=de') },
      payload: { verification_id: sent.verification_id, code: wrong },
    });
    expect(de.json<{ error: { message: string } }>().error.message).toBe('Code ungültig');
  });

  it('refuses every code, the right one too, once the attempts are used up', async () => {
    const p = await payer();
    const sent = (await send(p)).json<{ verification_id: string }>();
    const code = await lastSmsCode(t, p.mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const codes: number[] = [];
    for (let i = 0; i < SMS_CODE_MAX_ATTEMPTS; i += 1) codes.push((await verify(p, sent.verification_id, wrong)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    const right = await verify(p, sent.verification_id, code);
    expect(right.statusCode).toBe(429);
    expect(right.json<{ error: { code: string } }>().error.code).toBe('attempts');
    expect(await balanceOf(p.member.id)).toBe(0);
  });

  it('checks IBAN and mobile number with their own messages and writes nothing for bad input', async () => {
    const p = await payer();
    const badIban = await send(p, small, { iban: 'NL91ABNA0417164301' });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json()).toMatchObject({ error: { code: 'iban', fields: { iban: 'Please enter a valid IBAN.' } } });
    const badMobile = await send(p, small, { mobile: '0612345678' });
    expect(badMobile.json()).toMatchObject({ error: { code: 'mobile' } });
    const missing = await p.api.post(SEND, { ...details(p), holder: '' });
    expect(missing.statusCode).toBe(400);
    // A Polish member's bundles are in zloty: SEPA collects euro only.
    const pole = await payer({ country: 'PL' });
    const zl = await send(pole, zloty, { country: 'PL' });
    expect(zl.json()).toMatchObject({ error: { code: 'unavailable' } });
    for (const who of [p, pole]) {
      const rows = await t.database.db.select().from(directDebitVerifications).where(eq(directDebitVerifications.memberId, who.member.id));
      expect(rows).toHaveLength(0);
      expect(await smsTo(t, who.mobile)).toHaveLength(0);
    }
  });

  it('stops at the site limit, by number and by amount', async () => {
    const byCount = await payer();
    for (let i = 0; i < 3; i += 1) await buy(byCount);
    const fourth = await send(byCount);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json<{ error: { message: string } }>().error.message).toBe(
      'Your limit for direct debit payments has been reached. Please try later, a cheaper package or another payment method.',
    );

    const byAmount = await payer();
    await buy(byAmount, large);
    const second = await send(byAmount, large);
    expect(second.json<{ error: { code: string } }>().error.code).toBe('limit');
    expect((await send(byAmount, small)).statusCode).toBe(200);
  });

  it('writes the SMS in the member’s language', async () => {
    phone += 1;
    const p = { ...(await loggedInMember(t, { language: 'de', emailConfirmedAt: new Date() }, 'de')), mobile: `+49151123${String(40_000 + phone)}`, iban: ibanNumber(500 + phone) };
    expect((await send(p)).statusCode).toBe(200);
    const [sms] = await smsTo(t, p.mobile);
    expect(sms!.text).toMatch(/^\d{6} ist dein Code zur Bestätigung der Lastschrift bei Rendezvous\. Er ist 10 Minuten gültig\.$/);
  });

  it('limits the codes sent per member', async () => {
    const p = await payer();
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await send(p)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('never answers with the IBAN and keeps it only encrypted', async () => {
    const p = await payer();
    await buy(p);
    const page = await p.api.get(PAGE);
    bodies.push(page.body);
    const openApi = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(openApi.statusCode).toBe(200);
    for (const body of bodies) {
      expect(body).not.toContain(p.iban);
      expect(body).not.toContain(friendlyFormatIBAN(p.iban)!.slice(5, 14));
    }
    const exported = await p.api.post(accountDeletionEndpoints.dataExport.path, { password: p.member.password });
    expect(exported.statusCode).toBe(200);
    expect(exported.json()).toMatchObject({ direct_debit_account: { holder: 'Anna de Vries', iban_masked: `NL•• •••• ${p.iban.slice(-4)}`, city: 'Amsterdam' } });
    bodies.push(exported.body);
    for (const body of bodies) {
      expect(body).not.toContain(p.iban);
      expect(body).not.toContain(friendlyFormatIBAN(p.iban)!.slice(5, 14));
    }
    const [account] = await t.database.db.select().from(directDebitAccounts).where(eq(directDebitAccounts.memberId, p.member.id));
    expect(account!.ibanEncrypted).not.toContain(p.iban);
    expect(cipher.decrypt(account!.ibanEncrypted)).toBe(p.iban);
    const [verification] = await t.database.db.select().from(directDebitVerifications).where(eq(directDebitVerifications.memberId, p.member.id));
    expect(JSON.stringify(verification)).not.toContain(p.iban);
    expect(JSON.stringify(await smsTo(t, p.mobile))).not.toContain(p.iban);
  });

  it('exports the pending collections as pain.008 with the right sums, marks them exported, and a return blocks the member', async () => {
    const p = await payer();
    const first = await buy(p);
    const second = await buy(p, large);
    const db = t.database.db;

    const out = await runSepaCommand({ db, cipher, dataDir: t.dataDir, env: CREDITOR_ENV }, ['export', '--site', 'rendezvous']);
    expect(out).toMatch(/^Exported \d+ collection\(s\)/);
    const files = await readdir(path.join(t.dataDir, 'sepa'));
    expect(files).toHaveLength(1);
    const xml = await readFile(path.join(t.dataDir, 'sepa', files[0]!), 'utf8');
    expect(validateXml(xml)).toBe(true);
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
    const doc = parseXml(xml, { ignoreAttributes: false, attributeNamePrefix: '@_', parseNodeValue: false }) as {
      Document: { CstmrDrctDbtInitn: { GrpHdr: { NbOfTxs: number; CtrlSum: number }; PmtInf: unknown } };
    };
    const all = await db.select().from(directDebitCollections);
    const exported = all.filter((c) => c.exportedAt !== null);
    expect(all.every((c) => c.exportedAt !== null && c.batchId === exported[0]!.batchId)).toBe(true);
    const { GrpHdr, PmtInf } = doc.Document.CstmrDrctDbtInitn;
    expect(Number(GrpHdr.NbOfTxs)).toBe(exported.length);
    expect(Number(GrpHdr.CtrlSum)).toBeCloseTo(exported.reduce((s, c) => s + c.amountMinor, 0) / 100, 2);
    const infos = (Array.isArray(PmtInf) ? PmtInf : [PmtInf]) as { PmtTpInf: { SeqTp: string }; DrctDbtTxInf: unknown }[];
    const txs = infos.flatMap((i) => (Array.isArray(i.DrctDbtTxInf) ? i.DrctDbtTxInf : [i.DrctDbtTxInf])) as {
      PmtId: { EndToEndId: string };
      InstdAmt: { '#text': number; '@_Ccy': string };
      DbtrAcct: { Id: { IBAN: string } };
    }[];
    const mine = txs.filter((x) => [first.payment_id, second.payment_id].includes(x.PmtId.EndToEndId));
    expect(mine.map((x) => [Number(x.InstdAmt['#text']), x.InstdAmt['@_Ccy'], x.DbtrAcct.Id.IBAN]).sort()).toEqual([
      [10, 'EUR', p.iban],
      [120, 'EUR', p.iban],
    ]);
    // One mandate, collected twice in one file: its first collection FRST, the next RCUR.
    expect(infos.map((i) => i.PmtTpInf.SeqTp).sort()).toEqual(['FRST', 'RCUR']);
    expect(await runSepaCommand({ db, cipher, dataDir: t.dataDir, env: CREDITOR_ENV }, ['export'])).toBe('No pending collections.');

    // The bank returns the second collection: charged back, credits withdrawn, member blocked.
    expect(await balanceOf(p.member.id)).toBe(1_600);
    const returned = await runSepaCommand({ db, cipher, dataDir: t.dataDir, env: CREDITOR_ENV }, ['return', second.payment_id, '--reason', 'AC04']);
    expect(returned).toMatch(/returned \(AC04\)/);
    const [payment] = await db.select().from(payments).where(eq(payments.publicId, second.payment_id));
    expect(payment!.status).toBe('charged_back');
    expect(await balanceOf(p.member.id)).toBe(100);
    expect(await db.select().from(directDebitBlocks).where(eq(directDebitBlocks.memberId, p.member.id))).toHaveLength(1);
    const [collection] = await db.select().from(directDebitCollections).where(eq(directDebitCollections.paymentId, payment!.id));
    expect(collection).toMatchObject({ returnReason: 'AC04' });
    expect(await runSepaCommand({ db, cipher, dataDir: t.dataDir, env: CREDITOR_ENV }, ['return', second.payment_id])).toMatch(/nothing changed/);

    const blocked = await send(p);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json<{ error: { message: string } }>().error.message).toBe('Your account is blocked for direct debit payments.');
    expect((await p.api.get(PAGE)).json()).toMatchObject({ blocked: true });
  });

  it('refuses a CLI export without a creditor and bad arguments', async () => {
    const ctx = { db: t.database.db, cipher, dataDir: t.dataDir, env: {} };
    await expect(runSepaCommand(ctx, ['export'])).rejects.toThrow(/SEPA_CREDITOR_NAME/);
    await expect(runSepaCommand(ctx, ['return'])).rejects.toThrow(/Usage/);
    await expect(runSepaCommand(ctx, ['return', 'DDNOPE'])).rejects.toThrow(/No payment/);
  });

  it('needs a logged-in member', async () => {
    const res = await t.app.inject({ method: 'GET', url: PAGE, headers: { host: 'localhost:3000' } });
    expect(res.statusCode).toBe(403);
  });
});
