import { setTimeout as sleep } from 'node:timers/promises';
import type { PaymentStart, PaymentState, PaymentStatus } from '../../../common/payments/payment-schemas';
import type { PaymentMethod } from '../../../common/payments/payment-methods';
import { vatRateBp, type Currency } from '../../../common/payments/money';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { publishEvents, type MemberEventBus } from '../member-events/publish-events';
import { applyCode, discountDetails, redeem, type AppliedCode } from '../offers/code-redemption';
import type { Site, SiteDirectory } from '../sites/site-directory';
import { offeredBundle } from './payment-catalog';
import { memberPaymentCountry, type CountryEvidence } from './payment-country';
import { activeMandate, findByProviderRef, findMemberPayment, findPayment, findPaymentByKey, findPaymentByPublicId, insertPaymentOnce, lastPaidPayment, memberWallet, recentFailure, setProviderPayment, type BundleRow, type NewPayment, type PaymentRow } from './payment-repository';
import { providerReport, settlePayment, type ReversalHook, type SettlementReport } from './payment-settlement';
import { isFinal } from './payment-status';
import { OWN_COLLECTION, type PaymentRouting } from './provider-routing';
import { newPaymentId } from './public-id';
import { ProviderError, type CreatePaymentInput, type PaymentProvider, type ProviderPaymentState, type WebhookNotice, type WebhookRequest } from './providers/payment-provider';

export interface PaymentDeps {
  db: Db;
  routing: PaymentRouting;
  /** A payment's own site: its providers, keys and accounts settle it, whatever host a report reaches. */
  sites: Pick<SiteDirectory, 'list' | 'byId'>;
  bus: MemberEventBus;
  /** Runs inside the settlement when a paid payment is reversed (direct debit blocks the member). */
  onReversal?: ReversalHook;
  log: { warn(obj: object, msg: string): void };
}

export interface Payer {
  id: number;
  language: string;
  paidUser: boolean;
  /** Where the member is by their evidence: the payment countries they may pay in (payment-country.ts). */
  evidence: CountryEvidence;
}

/** What the member chose on the Pay screen; `locale` is the language refusals of a code are written in (its minimum order). */
export interface StartInput {
  bundle: number;
  method: PaymentMethod;
  country: string;
  idempotencyKey: string;
  code?: string | undefined;
  locale?: string;
}

/** Where the provider sends the payer back and where it reports: our result page and webhook on the site's origin. */
export interface PaymentUrls {
  origin: string;
}

/** How long after a failed payment a new one with the same method goes to another provider, when there is one. */
const RETRY_ELSEWHERE_MS = 30 * 60 * 1000;

/** How long a second request with the same key waits for the first to reach the provider. */
const DUPLICATE_WAIT_MS = 5_000;

export class PaymentService {
  constructor(private readonly deps: PaymentDeps) {}

  /**
   * Starts paying a bundle with a method: one payment per idempotency key (a double click or
   * a retried request gets the same one back), amounts from our own price list, never the
   * browser. A discount code is checked again here and applied to the amount; the payment,
   * its recorded discount and the code's use are written in one transaction.
   */
  async start(site: Site, payer: Payer, input: StartInput, urls: PaymentUrls): Promise<PaymentStart> {
    const { db, routing } = this.deps;
    memberPaymentCountry(site, payer.evidence, input.country);
    const bundle = await offeredBundle(db, site, input.country, input.bundle);
    const routed = routing.route(site.row.key, input.country, input.method);
    if (!routed || routed.provider === OWN_COLLECTION) throw new ApiError(400, 'errors.paymentMethodUnavailable', {}, 'method');
    // A replay gets the first payment unchanged, before its code (now used by it) is looked at again.
    const before = await findPaymentByKey(db, payer.id, input.idempotencyKey);
    if (before) return this.startedBefore(sameCheckout(before, input));
    const order = { memberId: payer.id, country: input.country, currency: bundle.currency, amountMinor: bundle.amountMinor, method: input.method };
    let applied: AppliedCode | null = null;
    if (input.code) {
      try {
        applied = await applyCode(db, site.row.id, order, input.code, input.locale ?? payer.language);
      } catch (error) {
        // A double click: the first press may have used the code since this one looked; this press gets that payment.
        const first = await findPaymentByKey(db, payer.id, input.idempotencyKey);
        if (first) return this.startedBefore(sameCheckout(first, input));
        throw error;
      }
    }
    // Right after a payment with this method failed, another provider that serves it gets the retry.
    const failed = await recentFailure(db, payer.id, input.method, RETRY_ELSEWHERE_MS);
    const provider = (failed && routing.alternative(site.row.key, input.country, input.method, failed.provider)) || routing.provider(site.row.key, routed.provider)!;
    const row = paymentRow(site, payer, bundle, { method: input.method, provider: provider.key, country: input.country, idempotencyKey: input.idempotencyKey });
    const { payment, created } = await db.transaction(async (tx) => {
      const inserted = await insertPaymentOnce(tx, applied ? { ...row, amountMinor: applied.amountMinor, details: { discount: discountDetails(applied) } } : row);
      if (inserted.created && applied) await redeem(tx, applied, payer.id, inserted.payment.id);
      return inserted;
    });
    if (!created) return this.startedBefore(sameCheckout(payment, input));
    try {
      const made = await provider.createPayment({ ...providerInput(site, payer, payment, urls, provider.key), storeMandate: true });
      await setProviderPayment(db, payment.id, { providerPaymentId: made.providerPaymentId, checkoutUrl: made.checkoutUrl, status: payment.status });
      return { payment_id: payment.publicId, status: payment.status as PaymentStatus, checkout_url: made.checkoutUrl };
    } catch (error) {
      await this.failUnstarted(payment, error);
      throw new ApiError(502, 'errors.paymentProviderUnavailable');
    }
  }

  /** The same Pay press again: the payment it started, once that has its checkout. */
  private async startedBefore(payment: PaymentRow): Promise<PaymentStart> {
    let current: PaymentRow | undefined = payment;
    const deadline = Date.now() + DUPLICATE_WAIT_MS;
    while (current && !current.providerPaymentId && current.status === 'open' && Date.now() < deadline) {
      await sleep(100);
      current = await findPayment(this.deps.db, payment.id);
    }
    if (!current || (!current.providerPaymentId && current.status === 'open')) throw new ApiError(409, 'errors.paymentInProgress');
    return { payment_id: current.publicId, status: current.status as PaymentStatus, checkout_url: isFinal(current.status as PaymentStatus) ? null : current.checkoutUrl };
  }

  private async failUnstarted(payment: PaymentRow, error: unknown): Promise<void> {
    this.deps.log.warn({ err: error instanceof ProviderError ? error.message : String(error), payment: payment.publicId }, 'payment provider refused a payment');
    await settlePayment(this.deps.db, payment.id, { status: 'failed' });
  }

  /**
   * A payment's state for the result page. While it is unsettled the provider is asked too,
   * so a webhook that is late or never arrives (a local demo) does not leave the member waiting.
   */
  async state(memberId: number, publicId: string): Promise<PaymentState> {
    let payment = await findMemberPayment(this.deps.db, memberId, publicId);
    if (!payment) throw new ApiError(404, 'errors.paymentNotFound');
    if (!isFinal(payment.status as PaymentStatus) && payment.providerPaymentId && payment.provider !== OWN_COLLECTION) {
      const provider = this.providerOf(payment);
      if (provider) {
        await this.refresh(provider, payment).catch((error: unknown) => {
          // A provider that reports only by webhook (Adyen after the link) answers ProviderError on every poll: not worth a warning.
          if (!(error instanceof ProviderError)) this.deps.log.warn({ err: String(error), payment: publicId }, 'payment status refresh failed');
        });
        payment = (await findPayment(this.deps.db, payment.id)) ?? payment;
      }
    }
    const member = await this.memberState(memberId);
    return {
      payment_id: payment.publicId,
      status: payment.status as PaymentStatus,
      bundle_id: payment.bundleId,
      method: payment.method as PaymentMethod,
      credits: payment.credits,
      amount: payment.amountMinor,
      currency: payment.currency as Currency,
      balance: member.balance,
      paid_user: member.paidUser,
    };
  }

  private async memberState(memberId: number): Promise<{ balance: number; paidUser: boolean }> {
    return (await memberWallet(this.deps.db, memberId)) ?? { balance: 0, paidUser: false };
  }

  /**
   * The last bundle again with the last method: on a stored card in one step (no checkout),
   * otherwise through the provider's checkout like any payment.
   */
  async repeat(site: Site, payer: Payer, idempotencyKey: string, urls: PaymentUrls): Promise<PaymentStart> {
    const { db, routing } = this.deps;
    const last = await lastPaidPayment(db, payer.id);
    if (!last?.bundleId || last.provider === OWN_COLLECTION) throw new ApiError(404, 'errors.noRepeatOrder');
    const method = last.method as PaymentMethod;
    const mandate = await activeMandate(db, payer.id, last.provider, method);
    const provider = routing.provider(site.row.key, last.provider);
    if (!mandate || !provider) return this.start(site, payer, { bundle: last.bundleId, method, country: last.country, idempotencyKey }, urls);
    // The last order's country again only while the member's evidence still supports it.
    memberPaymentCountry(site, payer.evidence, last.country);
    const bundle = await offeredBundle(db, site, last.country, last.bundleId);
    const { payment, created } = await insertPaymentOnce(db, paymentRow(site, payer, bundle, { method, provider: provider.key, country: last.country, idempotencyKey, mandateId: mandate.id }));
    if (!created) return this.startedBefore(sameCharge(payment, mandate.id, bundle.id));
    try {
      const charged = await provider.chargeMandate({
        ...providerInput(site, payer, payment, urls, provider.key),
        providerMandateId: mandate.providerMandateId,
        ...(mandate.providerCustomerId ? { providerCustomerId: mandate.providerCustomerId } : {}),
      });
      await setProviderPayment(db, payment.id, { providerPaymentId: charged.providerPaymentId, checkoutUrl: charged.checkoutUrl, status: payment.status });
      const report = charged.held ? providerReport({ status: charged.status, ...charged.held }, provider.account) : { status: charged.status };
      const settled = charged.status === 'open' ? null : await this.settle(payment, report);
      return { payment_id: payment.publicId, status: settled ?? (charged.status as PaymentStatus), checkout_url: charged.checkoutUrl };
    } catch (error) {
      await this.failUnstarted(payment, error);
      return { payment_id: payment.publicId, status: 'failed', checkout_url: null };
    }
  }

  /**
   * A provider's webhook: authenticity checked by the adapter (alike for every site: one Adyen
   * HMAC key, Mollie's bare ids), then each payment it names settled from its current state by
   * its own site's provider, never the requesting host's: another site's Mollie key reads
   * another profile, another merchant account is not this payment's. Unknown ids are acknowledged.
   */
  async webhook(providerKey: string, request: WebhookRequest): Promise<string | undefined> {
    const { routing, sites } = this.deps;
    const parser = sites.list().map((site) => routing.provider(site.row.key, providerKey)).find((p) => p !== undefined);
    if (!parser) throw new ApiError(404, 'errors.notFound');
    const notice = await parser.parseWebhook(request);
    for (const item of notice.payments) {
      const payment = await this.paymentOfNotice(parser.key, item);
      const provider = payment && this.providerOf(payment);
      if (provider) await this.refresh(provider, payment, item.state);
      else if (payment) this.deps.log.warn({ payment: payment.publicId, provider: payment.provider }, 'webhook for a payment whose site no longer has that provider');
    }
    return notice.reply;
  }

  /** The provider configured for the payment's own site. */
  private providerOf(payment: PaymentRow): PaymentProvider | undefined {
    const site = this.deps.sites.byId(payment.siteId);
    return site && this.deps.routing.provider(site.row.key, payment.provider);
  }

  /**
   * The payment a webhook item names: by the provider's id, else by our public id when the
   * provider echoes it (an Adyen payment link becomes a payment with an id of its own, which
   * the row takes from then on: refunds and later notices use it).
   */
  private async paymentOfNotice(providerKey: string, item: WebhookNotice['payments'][number]): Promise<PaymentRow | undefined> {
    const byRef = await findByProviderRef(this.deps.db, providerKey, item.providerPaymentId);
    if (byRef || !item.paymentId) return byRef;
    const byPublicId = await findPaymentByPublicId(this.deps.db, item.paymentId);
    if (!byPublicId || byPublicId.provider !== providerKey) return undefined;
    await setProviderPayment(this.deps.db, byPublicId.id, { providerPaymentId: item.providerPaymentId, checkoutUrl: byPublicId.checkoutUrl, status: byPublicId.status });
    return { ...byPublicId, providerPaymentId: item.providerPaymentId };
  }

  private async refresh(provider: PaymentProvider, payment: PaymentRow, known?: ProviderPaymentState): Promise<void> {
    const state = known ?? (await provider.fetchPayment(payment.providerPaymentId!));
    await this.settle(payment, providerReport(state, provider.account));
  }

  private async settle(payment: PaymentRow, report: SettlementReport): Promise<PaymentStatus> {
    const settlement = await settlePayment(this.deps.db, payment.id, report, this.deps.onReversal);
    // Money that does not match the order is an operator's to look at; the member sees it pending.
    if (settlement.refused) this.deps.log.warn({ payment: payment.publicId, provider: payment.provider, reason: settlement.refused }, 'provider report does not match the payment: left pending');
    publishEvents(this.deps.bus, settlement.events);
    return settlement.status;
  }
}

/**
 * A payment found by the member's idempotency key is the same request again only when the same
 * flow made it for the same order: the checkout of this bundle, method and country. Anything
 * else (a direct debit, a repeat order, another bundle) is a key reused: 409, nothing written.
 */
function sameCheckout(payment: PaymentRow, input: StartInput): PaymentRow {
  const same = payment.provider !== OWN_COLLECTION && payment.mandateId === null && payment.bundleId === input.bundle && payment.method === input.method && payment.country === input.country;
  if (!same) throw new ApiError(409, 'errors.idempotencyKeyReused');
  return payment;
}

/** The same for a repeat order's charge on a stored mandate. */
function sameCharge(payment: PaymentRow, mandateId: number, bundleId: number): PaymentRow {
  if (payment.mandateId !== mandateId || payment.bundleId !== bundleId) throw new ApiError(409, 'errors.idempotencyKeyReused');
  return payment;
}

/** A new payment of a bundle: credits, amount and currency from our price list, VAT of the payment country. */
function paymentRow(site: Site, payer: Payer, bundle: BundleRow, choice: { method: PaymentMethod; provider: string; country: string; idempotencyKey: string; mandateId?: number }): NewPayment {
  return {
    publicId: newPaymentId(),
    memberId: payer.id,
    siteId: site.row.id,
    bundleId: bundle.id,
    credits: bundle.credits,
    amountMinor: bundle.amountMinor,
    currency: bundle.currency,
    vatRateBp: vatRateBp(choice.country),
    ...choice,
  };
}

/** What every provider call about a payment says: amount, description, where to return and report. */
function providerInput(site: Site, payer: Payer, payment: PaymentRow, urls: PaymentUrls, provider: string): Omit<CreatePaymentInput, 'storeMandate'> {
  return {
    method: payment.method as PaymentMethod,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    country: payment.country,
    description: `${site.row.settings.name} ${payment.credits} credits ${payment.publicId}`,
    returnUrl: resultUrl(urls, payment),
    webhookUrl: webhookUrl(urls, provider),
    metadata: { payment_id: payment.publicId, member_id: String(payer.id) },
    locale: payer.language,
    customerReference: `member-${payer.id}`,
  };
}

function resultUrl(urls: PaymentUrls, payment: PaymentRow): string {
  return `${urls.origin}/credits/${payment.bundleId}/${payment.method}?payment=${payment.publicId}`;
}

function webhookUrl(urls: PaymentUrls, provider: string): string {
  return `${urls.origin}/api/payment-webhook.php?provider=${provider}`;
}
