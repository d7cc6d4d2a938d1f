/**
 * The operator's payment commands:
 *   npm run payments -- refund <payment_id>   refunds a paid payment at its provider (the
 *   return policy's refund_days are the support team's to apply) and withdraws its credits
 *   as any refund does (decision 0020: never below zero).
 */
import { eq } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { runAsCommand } from '../../db/command';
import type { Db } from '../../db/database';
import { sites } from '../../db/schema';
import { configuredProviders } from './configured-providers';
import { findPaymentByPublicId } from './payment-repository';
import { providerReport, settlePayment } from './payment-settlement';
import { OWN_COLLECTION, PaymentRouting } from './provider-routing';
import { ProviderError } from './providers/payment-provider';
import { TestProvider } from './providers/test-provider';

export const USAGE = 'Usage: npm run payments -- refund <payment_id>';

export async function runPaymentsCommand(db: Db, config: AppConfig, argv: string[], routing = new PaymentRouting(configuredProviders(config, new TestProvider({ db })))): Promise<string> {
  const [command, publicId, ...rest] = argv;
  if (command !== 'refund' || !publicId || rest.length > 0) throw new Error(USAGE);
  const payment = await findPaymentByPublicId(db, publicId);
  if (!payment) throw new Error(`No payment ${publicId}.`);
  if (payment.status !== 'paid') throw new Error(`Payment ${publicId} is ${payment.status}: only a paid payment can be refunded.`);
  if (payment.provider === OWN_COLLECTION || !payment.providerPaymentId) {
    throw new Error(`Payment ${publicId} was collected by direct debit: pay it back by bank transfer, then record it with npm run sepa -- return ${publicId}.`);
  }
  const [site] = await db.select({ key: sites.key }).from(sites).where(eq(sites.id, payment.siteId));
  const provider = site && routing.provider(site.key, payment.provider);
  if (!provider) throw new Error(`Provider ${payment.provider} is not configured for this site.`);
  await provider.refund(payment.providerPaymentId, payment.amountMinor, payment.currency);
  try {
    const state = await provider.fetchPayment(payment.providerPaymentId);
    const settlement = await settlePayment(db, payment.id, providerReport(state, provider.account));
    return `Payment ${publicId} refunded: ${settlement.status}${settlement.changed ? ', credits withdrawn' : ''}.`;
  } catch (error) {
    // Adyen answers refunds by webhook only: the settlement follows when it arrives.
    if (error instanceof ProviderError) return `Refund of ${publicId} requested; the provider's webhook will settle it.`;
    throw error;
  }
}

runAsCommand(import.meta.url, (db, config, argv) => runPaymentsCommand(db, config, argv));
