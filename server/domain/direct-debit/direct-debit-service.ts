import type { FastifyBaseLogger } from 'fastify';
import { METHOD_COUNTRIES } from '../../../common/payments/payment-methods';
import { vatRateBp } from '../../../common/payments/money';
import { maskMobile, normalizeIban, parseMobile, SMS_CODE_MAX_ATTEMPTS, SMS_CODE_TTL_MINUTES, SMS_CODES_PER_HOUR, SMS_SITE_BUDGET_PER_HOUR } from '../../../common/direct-debit/direct-debit-rules';
import type { CodeSent, DirectDebitRequest } from '../../../common/direct-debit/direct-debit-schemas';
import { ApiError } from '../../http/api-error';
import type { Db, Tx } from '../../db/database';
import type { SmsSender } from '../../sms/sms-sender';
import { hasConfirmedEmail, type MemberRow } from '../members/account-repository';
import type { Site } from '../sites/site-directory';
import { bundlesFor, insertPaymentOnce, type BundleRow, type PaymentRow } from '../payments/payment-repository';
import { settlePayment, type Settlement } from '../payments/payment-settlement';
import {
  codesSentSince,
  countAttempt,
  findPaymentByKey,
  findAccount,
  insertCollection,
  insertVerification,
  lockDebtorKeys,
  lockMember,
  lockVerification,
  markVerificationUsed,
  saveAccount,
  siteCodesSince,
  type AccountRow,
  type Debtor,
} from './direct-debit-repository';
import { assertMayPay, limitsOf } from './direct-debit-limits';
import { asDiscountError, directDebitPrice, type CodeHolder } from './direct-debit-discount';
import { discountDetails, redeem } from '../offers/code-redemption';
import { newPaymentId } from '../payments/public-id';
import { OWN_COLLECTION } from '../payments/provider-routing';
import { memberPaymentCountry, type CountryEvidence } from '../payments/payment-country';
import { newMandateReference, newSmsCode, newVerificationId } from './direct-debit-ids';
import type { FieldCipher } from './field-cipher';

const HOUR_MS = 60 * 60 * 1000;

export interface DirectDebitDeps {
  db: Db;
  cipher: FieldCipher;
  sms: SmsSender;
  /** The SMS text in the member's language. */
  smsText(locale: string, vars: { code: string; site: string; minutes: number }): string;
  log: FastifyBaseLogger;
}

export interface Payer {
  member: MemberRow;
  site: Site;
  /** The request's language: a discount code's refusal is written in it. */
  locale: string;
  /** Where the member is by their evidence (payment-country.ts): the countries they may pay in. */
  evidence: CountryEvidence;
}

/** The details waiting for the code, encrypted in the verification row. */
interface PendingDetails {
  holder: string;
  iban: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  mobile: string;
  /** The discount code the member brought, applied again when the SMS code confirms (absent: none). */
  discountCode?: string;
}

/**
 * A bundle payable by SEPA direct debit in `country` (euro only, in the method's countries, a
 * country the member's evidence supports: the invoice's VAT follows it).
 */
export async function directDebitBundle(db: Db | Tx, payer: Payer, bundleId: number, country: string): Promise<BundleRow> {
  memberPaymentCountry(payer.site, payer.evidence, country);
  if (!(METHOD_COUNTRIES.directdebit ?? []).some((c) => c === country)) throw new ApiError(400, 'direct-debit:errors.unavailable');
  const bundle = (await bundlesFor(db, payer.site.row.id, country)).find((b) => b.id === bundleId);
  if (!bundle) throw new ApiError(404, 'direct-debit:errors.bundle');
  if (bundle.currency !== 'EUR') throw new ApiError(400, 'direct-debit:errors.unavailable');
  return bundle;
}

/**
 * Direct debit grants credits before the bank collects, and the SMS code proves a phone, not
 * the account holder: only members who confirmed their e-mail address may use it.
 */
function assertConfirmed(member: MemberRow): void {
  if (!hasConfirmedEmail(member)) throw new ApiError(403, 'direct-debit:errors.unconfirmed');
}

/** The member with their saved account, if any: a returned collection of that IBAN or number blocks them too. */
export function savedDebtor(cipher: FieldCipher, memberId: number, account: AccountRow | undefined): Debtor {
  return account ? debtorOf(cipher, memberId, cipher.decrypt(account.ibanEncrypted), account.mobile) : { memberId, ibanHashes: [], mobileHashes: [] };
}

/**
 * An idempotency key belongs to the flow that made its payment: a direct-debit confirmation
 * only ever answers with a direct debit of the same bundle. A card payment (or anything else)
 * started with the key is refused, and nothing is written.
 */
function sameDirectDebit(payment: PaymentRow, bundleId: number): PaymentRow {
  if (payment.provider !== OWN_COLLECTION || payment.method !== 'directdebit' || payment.bundleId !== bundleId) throw new ApiError(409, 'errors.idempotencyKeyReused');
  return payment;
}

/** Who pays, by the member and by every key's hash of the IBAN and the mobile number. */
function debtorOf(cipher: FieldCipher, memberId: number, iban: string, mobile: string): Debtor {
  return { memberId, ibanHashes: cipher.hashes('iban', iban), mobileHashes: cipher.hashes('mobile', mobile) };
}

/**
 * Step one: checks the member, the block, the limits and the details, keeps the details
 * encrypted with a keyed hash of a fresh code, and sends the code by SMS. Codes go only to
 * mobile numbers of the site's countries, and are counted per member, per number and per site
 * and hour (every SMS costs money; a stranger's number must not be flooded).
 */
export async function sendCode(deps: DirectDebitDeps, payer: Payer, request: DirectDebitRequest, now = new Date()): Promise<CodeSent> {
  const { db, cipher } = deps;
  const { member, site } = payer;
  assertConfirmed(member);
  const bundle = await directDebitBundle(db, payer, request.bundle, request.country);
  const before = await findPaymentByKey(db, member.id, request.idempotency_key);
  if (before) sameDirectDebit(before, bundle.id);
  const iban = normalizeIban(request.iban);
  if (!iban) throw new ApiError(400, 'direct-debit:errors.iban', {}, 'iban');
  const phone = parseMobile(request.mobile);
  if (!phone) throw new ApiError(400, 'direct-debit:errors.mobile', {}, 'mobile');
  if (!phone.country || !site.row.settings.countries.includes(phone.country)) throw new ApiError(400, 'direct-debit:errors.mobileCountry', {}, 'mobile');
  const mobile = phone.e164;
  // A refused code is refused now, before anything is stored or an SMS paid for; the limits count what is charged.
  const price = await directDebitPrice(db, holderOf(payer), bundle, request.country, request.discount_code, now);
  const debtor = debtorOf(cipher, member.id, iban, mobile);
  await assertMayPay(db, debtor, price.amountMinor, limitsOf(site.row.settings), now);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const sent = await codesSentSince(db, member.id, debtor.mobileHashes, hourAgo);
  if (sent.member >= SMS_CODES_PER_HOUR || sent.mobile >= SMS_CODES_PER_HOUR) throw new ApiError(429, 'direct-debit:errors.tooManyCodes');
  const budget = site.row.settings.direct_debit_sms_per_hour ?? SMS_SITE_BUDGET_PER_HOUR;
  if ((await siteCodesSince(db, site.row.id, hourAgo)) >= budget) {
    // The operator's signal: a flood (SMS pumping) or a site that needs a larger budget.
    deps.log.warn({ site: site.row.key, budget }, 'direct-debit SMS budget of the hour reached: codes refused');
    throw new ApiError(429, 'direct-debit:errors.tooManyCodes');
  }

  const code = newSmsCode();
  const publicId = newVerificationId();
  const details: PendingDetails = {
    holder: request.holder,
    iban,
    street: request.street,
    houseNumber: request.house_number,
    postalCode: request.postal_code,
    city: request.city,
    mobile,
    ...(price.applied ? { discountCode: price.applied.code } : {}),
  };
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000);
  await insertVerification(db, {
    publicId,
    memberId: member.id,
    siteId: site.row.id,
    codeHash: cipher.hash(`code:${publicId}`, code),
    mobileHash: cipher.hash('mobile', mobile),
    detailsEncrypted: cipher.encrypt(JSON.stringify(details)),
    bundleId: bundle.id,
    country: request.country,
    idempotencyKey: request.idempotency_key,
    expiresAt,
  });
  try {
    await deps.sms.send({
      to: mobile,
      text: deps.smsText(member.language, {
        code,
        site: site.row.settings.name,
        minutes: SMS_CODE_TTL_MINUTES,
      }),
    });
  } catch (err) {
    // The provider's error may quote the number: log only what failed, not the message.
    deps.log.error({ kind: deps.sms.kind, code: (err as { code?: unknown }).code }, 'direct-debit SMS not sent');
    throw new ApiError(502, 'direct-debit:errors.smsFailed');
  }
  return {
    verification_id: publicId,
    mobile_masked: maskMobile(mobile),
    expires_at: expiresAt.toISOString(),
  };
}

export interface Confirmed {
  payment: PaymentRow;
  settlement: Settlement;
}

type CheckOutcome = { ok: true; payment: PaymentRow } | { ok: false; error: ApiError };

/**
 * Step two: the right code confirms the mandate (the account is saved, the mandate signed now)
 * and the payment: in one transaction the payment and its collection are written; the
 * settlement then grants the credits at once (the money is collected later by the SEPA export).
 * A wrong code counts as an attempt, committed even though the answer is an error.
 */
export async function confirmCode(deps: DirectDebitDeps, payer: Payer, verificationId: string, code: string, now = new Date()): Promise<Confirmed> {
  const { db, cipher } = deps;
  const memberId = payer.member.id;
  const outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
    const verification = await lockVerification(tx, memberId, verificationId);
    if (!verification) return { ok: false, error: new ApiError(400, 'direct-debit:errors.codeExpired') };
    if (verification.attempts >= SMS_CODE_MAX_ATTEMPTS) return { ok: false, error: new ApiError(429, 'direct-debit:errors.attempts') };
    if (!cipher.matches(`code:${verification.publicId}`, code, verification.codeHash)) {
      await countAttempt(tx, verification.id);
      const left = SMS_CODE_MAX_ATTEMPTS - verification.attempts - 1;
      return {
        ok: false,
        error: left > 0 ? new ApiError(400, 'direct-debit:errors.codeInvalid', {}, 'code') : new ApiError(429, 'direct-debit:errors.attempts'),
      };
    }
    if (verification.usedAt !== null) {
      // The right code again (a retried request, a second click): the direct debit it made, settled
      // below (a no-op when it is, the rest of an interrupted confirmation when it is not).
      const made = await findPaymentByKey(tx, memberId, verification.idempotencyKey);
      return made ? { ok: true, payment: sameDirectDebit(made, verification.bundleId) } : { ok: false, error: new ApiError(400, 'direct-debit:errors.codeExpired') };
    }
    if (verification.expiresAt <= now) return { ok: false, error: new ApiError(400, 'direct-debit:errors.codeExpired') };
    assertConfirmed(payer.member);
    await lockMember(tx, memberId);
    const bundle = await directDebitBundle(tx, payer, verification.bundleId, verification.country);
    const details = JSON.parse(cipher.decrypt(verification.detailsEncrypted)) as PendingDetails;
    const debtor = debtorOf(cipher, memberId, details.iban, details.mobile);
    // Other members' confirmations of this account or number wait: each sees what the other used.
    await lockDebtorKeys(tx, [...debtor.ibanHashes, ...debtor.mobileHashes]);
    // The code again, in this transaction: one used meanwhile (once-per-user) throws, and nothing here is written.
    const price = await directDebitPrice(tx, holderOf(payer), bundle, verification.country, details.discountCode, now);
    await assertMayPay(tx, debtor, price.amountMinor, limitsOf(payer.site.row.settings), now);
    await markVerificationUsed(tx, verification.id, now);
    const mandate = await mandateFor(tx, cipher, payer, details.iban, now);
    const ibanEncrypted = cipher.encrypt(details.iban);
    await saveAccount(tx, {
      memberId,
      holder: details.holder,
      ibanEncrypted,
      ibanLast4: details.iban.slice(-4),
      ibanCountry: details.iban.slice(0, 2),
      // A BIC cannot be derived from an IBAN without a bank directory; SEPA collects by IBAN alone.
      bic: null,
      street: details.street,
      houseNumber: details.houseNumber,
      postalCode: details.postalCode,
      city: details.city,
      mobile: details.mobile,
      mandateReference: mandate.reference,
      mandateSignedAt: mandate.signedAt,
    });
    const { applied } = price;
    const { payment, created } = await insertPaymentOnce(tx, {
      // The payments' own id: capitals and digits, so it is also the SEPA end-to-end id.
      publicId: newPaymentId(),
      memberId,
      siteId: payer.site.row.id,
      bundleId: bundle.id,
      credits: bundle.credits,
      method: 'directdebit',
      provider: 'sepa',
      amountMinor: price.amountMinor,
      currency: bundle.currency,
      country: verification.country,
      vatRateBp: vatRateBp(verification.country),
      idempotencyKey: verification.idempotencyKey,
      details: { mandate_reference: mandate.reference, ...(applied ? { discount: discountDetails(applied) } : {}) },
    });
    // The key already made a payment: the same direct debit again (nothing more to write), or 409 and all of this rolled back.
    if (!created) return { ok: true, payment: sameDirectDebit(payment, bundle.id) };
    // A returned or charged-back collection keeps the code used, as a refund does (the settlement frees only failed payments').
    if (applied) {
      try {
        await redeem(tx, applied, memberId, payment.id);
      } catch (error) {
        throw asDiscountError(error);
      }
    }
    await insertCollection(tx, {
      paymentId: payment.id,
      siteId: payer.site.row.id,
      memberId,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      ibanHash: cipher.hash('iban', details.iban),
      mobileHash: cipher.hash('mobile', details.mobile),
      debtor: {
        holder: details.holder,
        ibanEncrypted,
        mobileEncrypted: cipher.encrypt(details.mobile),
        bic: null,
        mandateReference: mandate.reference,
        mandateSignedAt: mandate.signedAt.toISOString(),
      },
    });
    return { ok: true, payment };
  });
  if (!outcome.ok) throw outcome.error;
  const settlement = await settlePayment(db, outcome.payment.id, {
    status: 'paid',
  });
  return { payment: outcome.payment, settlement };
}

function holderOf(payer: Payer): CodeHolder {
  return { memberId: payer.member.id, siteId: payer.site.row.id, locale: payer.locale };
}

/** The same account keeps its mandate; another IBAN is a new mandate, signed now. */
async function mandateFor(tx: Tx, cipher: FieldCipher, payer: Payer, iban: string, now: Date): Promise<{ reference: string; signedAt: Date }> {
  const existing = await findAccount(tx, payer.member.id);
  if (existing && cipher.decrypt(existing.ibanEncrypted) === iban)
    return {
      reference: existing.mandateReference,
      signedAt: existing.mandateSignedAt,
    };
  return {
    reference: newMandateReference(payer.site.row.id, payer.member.id),
    signedAt: now,
  };
}
