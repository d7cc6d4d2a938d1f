import adyen, { type Types } from '@adyen/api-library';
import { z } from 'zod';
import { cardLabel } from './method-coverage';
import { WebhookRejected, type ProviderHolding, type ProviderPaymentState, type WebhookNotice } from './payment-provider';

type NotificationRequestItem = Types.notification.NotificationRequestItem;

// The shape of Adyen's standard webhook; fields we do not read pass through to the HMAC check.
const itemSchema = z.looseObject({
  pspReference: z.string().min(1),
  originalReference: z.string().optional(),
  merchantReference: z.string(),
  merchantAccountCode: z.string(),
  eventCode: z.string(),
  success: z.enum(['true', 'false']),
  amount: z.object({ value: z.number().int(), currency: z.string() }),
  paymentMethod: z.string().optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});
const notificationSchema = z.object({
  live: z.string(),
  notificationItems: z.array(z.object({ NotificationRequestItem: itemSchema })).min(1),
});
type Item = z.infer<typeof itemSchema>;

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  maestro: 'Maestro',
  cartebancaire: 'Carte Bancaire',
  dankort: 'Dankort',
  amex: 'American Express',
};

/** A stored card from the notification's additional data (tokenization, or the older recurring keys). */
function mandateOf(item: Item, tokenFromPspReference: boolean): ProviderPaymentState['mandate'] {
  const data = (key: string) => {
    const value = item.additionalData?.[key];
    return typeof value === 'string' && value ? value : undefined;
  };
  const token = tokenFromPspReference ? item.pspReference : (data('tokenization.storedPaymentMethodId') ?? data('recurring.recurringDetailReference'));
  if (!token) return undefined;
  const shopper = data('tokenization.shopperReference') ?? data('recurring.shopperReference') ?? data('shopperReference');
  const brand = item.paymentMethod ?? data('paymentMethod') ?? '';
  // cardSummary is the last four digits: the label never carries more of the number.
  const label = cardLabel(BRANDS[brand] ?? 'Card', data('cardSummary'));
  return { providerMandateId: token, ...(shopper ? { providerCustomerId: shopper } : {}), label };
}

/** One notification item in our terms, or null for an event that changes no payment. */
function noticeOf(item: Item, live: boolean): WebhookNotice['payments'][number] | null {
  const succeeded = item.success === 'true';
  // Modifications (refund, cancellation, chargeback) name the payment in originalReference.
  const payment = item.originalReference ?? item.pspReference;
  // Settlement compares these with the payment and its site's account (a modification reports its own amount).
  const held: ProviderHolding = { amountMinor: item.amount.value, currency: item.amount.currency, account: { live, merchantAccount: item.merchantAccountCode } };
  let state: Omit<ProviderPaymentState, keyof ProviderHolding> | null = null;
  switch (item.eventCode) {
    case 'AUTHORISATION': {
      const mandate = succeeded ? mandateOf(item, false) : undefined;
      state = { providerPaymentId: item.pspReference, status: succeeded ? 'paid' : 'failed', ...(mandate ? { mandate } : {}) };
      break;
    }
    case 'CANCELLATION':
      if (succeeded) state = { providerPaymentId: payment, status: 'canceled' };
      break;
    case 'CANCEL_OR_REFUND':
      if (succeeded) state = { providerPaymentId: payment, status: item.additionalData?.['modification.action'] === 'cancel' ? 'canceled' : 'refunded' };
      break;
    case 'REFUND':
      if (succeeded) state = { providerPaymentId: payment, status: 'refunded' };
      break;
    case 'CHARGEBACK':
      state = { providerPaymentId: payment, status: 'charged_back' };
      break;
    case 'OFFER_CLOSED':
      if (succeeded) state = { providerPaymentId: item.pspReference, status: 'expired' };
      break;
    case 'RECURRING_CONTRACT': {
      // Sent after a paid payment stored a card: pspReference is the token, originalReference the payment.
      const mandate = succeeded && item.originalReference ? mandateOf(item, true) : undefined;
      if (mandate) state = { providerPaymentId: payment, status: 'paid', mandate };
      break;
    }
  }
  return state ? { providerPaymentId: state.providerPaymentId, paymentId: item.merchantReference, state: { ...state, ...held } } : null;
}

/**
 * Reads Adyen's standard webhook: every item's HMAC signature is checked with the library's
 * validator against the key from the Customer Area (one forged or unsigned item rejects the
 * delivery: nothing in it is applied), then mapped to our statuses.
 */
export function parseAdyenNotification(body: unknown, hmacKey: string): WebhookNotice {
  const parsed = notificationSchema.safeParse(body);
  if (!parsed.success) throw new WebhookRejected('Not an Adyen notification');
  const validator = new adyen.hmacValidator();
  const items = parsed.data.notificationItems.map((container) => container.NotificationRequestItem);
  const signed = (item: Item) => {
    try {
      return validator.validateHMAC(item as unknown as NotificationRequestItem, hmacKey);
    } catch {
      return false; // no signature at all
    }
  };
  if (!items.every(signed)) throw new WebhookRejected('Adyen notification with an invalid HMAC signature');
  // `live` is not among the signed fields; compared with ADYEN_ENVIRONMENT, it catches a notification sent to the wrong environment.
  const live = parsed.data.live === 'true';
  const payments = items.map((item) => noticeOf(item, live)).filter((notice) => notice !== null);
  // Adyen retries until it reads exactly this body.
  return { payments, reply: '[accepted]' };
}
