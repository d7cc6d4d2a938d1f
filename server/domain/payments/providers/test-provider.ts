import { randomInt } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import { PAYMENT_METHODS, RECURRING_METHODS, type PaymentMethod } from '../../../../common/payments/payment-methods';
import type { TestCheckout } from '../../../../common/payments/test-checkout';
import type { Db } from '../../../db/database';
import { testProviderPayments } from '../../../db/payments-schema';
import { randomId } from '../public-id';
import { deliverWebhook, type WebhookDelivery } from './test-provider-webhooks';
import type { CreatePaymentInput, MandateChargeInput, PaymentProvider, ProviderAccount, ProviderCharge, ProviderHolding, ProviderPayment, ProviderPaymentState, ProviderStatus, WebhookRequest } from './payment-provider';
import { ProviderError } from './payment-provider';

type Row = typeof testProviderPayments.$inferSelect;

export interface TestProviderOptions {
  db: Db;
  /** How webhooks travel (real HTTP by default): tests may take them over. */
  delivery?: WebhookDelivery;
}

/** Every method but direct debit, which the product collects itself (SEPA). */
const SERVED = PAYMENT_METHODS.filter((m) => m !== 'directdebit');

/** A fee like a real provider's: cards a percentage plus a fixed part, others fixed. */
function feeOf(method: string, amountMinor: number): number {
  return RECURRING_METHODS.includes(method as PaymentMethod) ? Math.round(amountMinor * 0.018) + 25 : 29;
}

/**
 * The built-in test provider, the default when no real provider is configured. It keeps its
 * own books (test_provider_payments), has a hosted checkout (/test-checkout/{id}) where the
 * payer completes, fails, cancels or leaves pending any method, and reports to the webhook
 * over HTTP the way real providers do: asynchronously, at least once, sometimes twice, late
 * or out of order. Its webhook carries only the id; the status is fetched, as with Mollie.
 */
export class TestProvider implements PaymentProvider {
  readonly key = 'test' as const;
  /** No money moves: a test account, like a real provider's test mode. */
  readonly account: ProviderAccount = { live: false };
  private readonly db: Db;
  /** How webhooks leave; API tests take them over (they have no listening server to receive them). */
  delivery: WebhookDelivery;

  constructor(options: TestProviderOptions) {
    this.db = options.db;
    this.delivery = options.delivery ?? deliverWebhook;
  }

  methods(): readonly PaymentMethod[] {
    return SERVED;
  }

  async createPayment(input: CreatePaymentInput): Promise<ProviderPayment> {
    const { id } = await this.insert(input, 'open', { store_mandate: String(input.storeMandate) });
    return { providerPaymentId: id, status: 'open', checkoutUrl: `${new URL(input.returnUrl).origin}/test-checkout/${id}` };
  }

  async fetchPayment(providerPaymentId: string): Promise<ProviderPaymentState> {
    const row = await this.find(providerPaymentId);
    if (!row) throw new ProviderError(`unknown test payment ${providerPaymentId}`);
    return {
      providerPaymentId: row.id,
      status: row.status as ProviderStatus,
      ...this.holding(row),
      ...(row.status === 'paid' || row.status === 'refunded' ? { feeMinor: feeOf(row.method, row.amountMinor) } : {}),
      ...(row.mandateId ? { mandate: { providerMandateId: row.mandateId, label: 'Visa •••• 4242' } } : {}),
    };
  }

  async refund(providerPaymentId: string, amountMinor: number): Promise<void> {
    const [row] = await this.db
      .update(testProviderPayments)
      .set({ status: 'refunded', refundedMinor: amountMinor })
      .where(and(eq(testProviderPayments.id, providerPaymentId), eq(testProviderPayments.status, 'paid')))
      .returning();
    if (!row) throw new ProviderError(`test payment ${providerPaymentId} is not paid`);
    this.report(row);
  }

  /** A charge on a card the payer stored: paid at once unless the mandate was declined (declineMandate). */
  async chargeMandate(input: MandateChargeInput): Promise<ProviderCharge> {
    const [mandate] = await this.db
      .select()
      .from(testProviderPayments)
      .where(and(eq(testProviderPayments.mandateId, input.providerMandateId), isNotNull(testProviderPayments.mandateId)));
    if (!mandate) throw new ProviderError('unknown test mandate');
    const declined = mandate.metadata.mandate_declined === 'true';
    const row = await this.insert(input, declined ? 'failed' : 'paid', { recurring: 'true' });
    this.report(row);
    return { providerPaymentId: row.id, status: declined ? 'failed' : 'paid', checkoutUrl: null, held: this.holding(row) };
  }

  async parseWebhook(request: WebhookRequest) {
    const id = (request.body as { id?: unknown } | undefined)?.id;
    return { payments: typeof id === 'string' && id.length <= 60 ? [{ providerPaymentId: id }] : [] };
  }

  // The hosted checkout's own API (test-checkout routes).

  async checkout(id: string): Promise<TestCheckout | null> {
    const row = await this.find(id);
    if (!row) return null;
    return {
      id: row.id,
      method: row.method as PaymentMethod,
      amount: row.amountMinor,
      currency: row.currency,
      description: row.description,
      status: row.status as TestCheckout['status'],
      return_url: row.redirectUrl,
    };
  }

  /**
   * The payer's choice on the checkout. Only an open or pending payment moves; a card payer
   * may store the card for later charges (a mandate). Returns where the payer goes next.
   */
  async act(id: string, outcome: 'paid' | 'failed' | 'canceled' | 'pending', storeCard: boolean): Promise<string | null> {
    const row = await this.find(id);
    if (!row || (row.status !== 'open' && row.status !== 'pending')) return row?.redirectUrl ?? null;
    const mandateId = outcome === 'paid' && storeCard && RECURRING_METHODS.includes(row.method as PaymentMethod) ? `tm_${randomId(16)}` : null;
    const [updated] = await this.db
      .update(testProviderPayments)
      .set({ status: outcome, mandateId })
      .where(and(eq(testProviderPayments.id, id), eq(testProviderPayments.status, row.status)))
      .returning();
    if (updated) this.report(updated);
    return row.redirectUrl;
  }

  /** Moves a payment as only the provider's side can (a chargeback): for tests and demos. */
  async simulate(id: string, status: 'charged_back' | 'refunded' | 'paid' | 'expired'): Promise<void> {
    const [row] = await this.db.update(testProviderPayments).set({ status }).where(eq(testProviderPayments.id, id)).returning();
    if (row) this.report(row);
  }

  /** Later charges on this mandate fail (a card blocked since): the repeat order's retry path. */
  async declineMandate(mandateId: string): Promise<void> {
    const [row] = await this.db.select().from(testProviderPayments).where(eq(testProviderPayments.mandateId, mandateId));
    if (!row) return;
    await this.db
      .update(testProviderPayments)
      .set({ metadata: { ...row.metadata, mandate_declined: 'true' } })
      .where(eq(testProviderPayments.id, row.id));
  }

  /** A new payment in the provider's books, with what the shop asked for. */
  private async insert(input: Omit<CreatePaymentInput, 'storeMandate'>, status: ProviderStatus, metadata: Record<string, string>): Promise<Row> {
    const [row] = await this.db
      .insert(testProviderPayments)
      .values({
        id: `tp_${randomId(20)}`,
        method: input.method,
        amountMinor: input.amountMinor,
        currency: input.currency,
        description: input.description,
        redirectUrl: input.returnUrl,
        webhookUrl: input.webhookUrl,
        status,
        metadata: { ...input.metadata, ...metadata },
      })
      .returning();
    return row!;
  }

  private holding(row: Row): ProviderHolding {
    return { amountMinor: row.amountMinor, currency: row.currency, account: this.account };
  }

  private async find(id: string): Promise<Row | undefined> {
    const [row] = await this.db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
    return row;
  }

  /** One webhook per change, and now and then a second copy later: receivers must be idempotent. */
  private report(row: Row): void {
    this.delivery(row.webhookUrl, row.id);
    if (randomInt(4) === 0) this.delivery(row.webhookUrl, row.id, 1_000 + randomInt(4_000));
  }
}
