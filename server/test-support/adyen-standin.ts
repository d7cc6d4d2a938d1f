import { randomBytes } from 'node:crypto';
import adyen from '@adyen/api-library';
import { startHttpsStandin, type StandinReply, type StandinRequest } from './https-standin';

/**
 * A local stand-in for the part of Adyen's Checkout API v72 that adyen-provider.ts uses
 * (payment links, payments on a stored card, refunds), over https as the library requires. A
 * test plays the payer and Adyen's back office: it pays a link, refunds, charges back, and gets
 * the standard webhook Adyen would send, signed with the library's own HMAC signer.
 */

interface Amount {
  value: number;
  currency: string;
}

export interface StandinLink {
  id: string;
  status: 'active' | 'completed' | 'expired' | 'paymentPending';
  request: Record<string, unknown>;
}

export interface StandinAdyenPayment {
  pspReference: string;
  reference: string;
  amount: Amount;
  authorised: boolean;
}

export interface NotificationItemInput {
  eventCode: string;
  pspReference: string;
  originalReference?: string;
  merchantReference: string;
  /** Another merchant account of the same company (default: the stand-in's own). */
  merchantAccountCode?: string;
  success?: boolean;
  amount: Amount;
  paymentMethod?: string;
  additionalData?: Record<string, string>;
}

export interface AdyenStandin {
  /** For createAdyenProvider's checkoutEndpoint. */
  checkoutEndpoint: string;
  apiKey: string;
  merchantAccount: string;
  hmacKey: string;
  links: Map<string, StandinLink>;
  payments: Map<string, StandinAdyenPayment>;
  requests: { method: string; path: string; body: unknown; idempotencyKey?: string }[];
  /** The next charge on a stored card answers this result code (default Authorised). */
  nextChargeResult: string;
  /** The payer pays a link: the AUTHORISATION webhook body; a stored card shows in its additional data. */
  payLink(linkId: string, outcome?: { success?: boolean; card?: { brand: string; lastFour: string } }): { pspReference: string; webhook: unknown };
  /** A standard webhook body with the given items, each signed with the HMAC key. */
  notification(...items: NotificationItemInput[]): { live: string; notificationItems: { NotificationRequestItem: Record<string, unknown> }[] };
  close(): Promise<void>;
}

const psp = () => randomBytes(8).readBigUInt64BE().toString().padStart(16, '0').slice(0, 16);
const error = (status: number, errorCode: string, message: string, errorType = 'validation'): StandinReply => ({ status, body: { status, errorCode, message, errorType } });

export async function startAdyenStandin(): Promise<AdyenStandin> {
  const apiKey = `AQE${randomBytes(12).toString('hex')}`;
  const merchantAccount = 'RendezvousECOM';
  const hmacKey = randomBytes(32).toString('hex').toUpperCase();
  const links = new Map<string, StandinLink>();
  const payments = new Map<string, StandinAdyenPayment>();
  const tokens = new Map<string, { shopperReference: string; brand: string }>();
  const requests: AdyenStandin['requests'] = [];
  const signer = new adyen.hmacValidator();
  let origin = '';

  function linkJson(link: StandinLink) {
    return { ...link.request, id: link.id, url: `${origin}/payByLink/${link.id}`, status: link.status, expiresAt: new Date(Date.now() + 86_400_000).toISOString() };
  }

  function createLink(body: Record<string, unknown>): StandinReply {
    const amount = body.amount as Amount | undefined;
    if (body.merchantAccount !== merchantAccount) return error(403, '901', 'Invalid Merchant Account', 'security');
    if (!amount || !Number.isInteger(amount.value) || !/^[A-Z]{3}$/.test(amount.currency)) return error(422, '100', 'Required field amount is not provided.');
    if (typeof body.reference !== 'string' || !body.reference) return error(422, '130', 'Required field reference is not provided.');
    if (body.storePaymentMethodMode && !body.shopperReference) return error(422, '130', 'Required field shopperReference is not provided.');
    const link: StandinLink = { id: `PL${randomBytes(8).toString('hex').toUpperCase()}`, status: 'active', request: body };
    links.set(link.id, link);
    return { status: 201, body: linkJson(link) };
  }

  function chargeStoredCard(body: Record<string, unknown>): StandinReply {
    const method = body.paymentMethod as { storedPaymentMethodId?: string } | undefined;
    const amount = body.amount as Amount;
    const token = tokens.get(method?.storedPaymentMethodId ?? '');
    if (!token || token.shopperReference !== body.shopperReference) return error(422, '800', 'Contract not found');
    if (body.shopperInteraction !== 'ContAuth') return error(422, '000', 'Stored card charges here are ContAuth');
    const payment: StandinAdyenPayment = { pspReference: psp(), reference: String(body.reference), amount, authorised: standin.nextChargeResult === 'Authorised' };
    payments.set(payment.pspReference, payment);
    const resultCode = standin.nextChargeResult;
    const action = resultCode === 'RedirectShopper' ? { type: 'redirect', method: 'GET', url: `${origin}/3ds/${payment.pspReference}`, paymentMethodType: 'scheme' } : undefined;
    return { status: 200, body: { pspReference: payment.pspReference, resultCode, merchantReference: payment.reference, amount, ...(action ? { action } : {}) } };
  }

  function refund(paymentPsp: string, body: Record<string, unknown>): StandinReply {
    const payment = payments.get(paymentPsp);
    if (!payment?.authorised) return error(422, '167', 'Original pspReference required for this operation');
    const amount = body.amount as Amount;
    if (amount.currency !== payment.amount.currency || amount.value > payment.amount.value) return error(422, '137', 'Invalid amount specified');
    return { status: 201, body: { merchantAccount, paymentPspReference: paymentPsp, pspReference: psp(), reference: body.reference, status: 'received', amount } };
  }

  function handle(request: StandinRequest): StandinReply {
    const path = request.url.split('?')[0] ?? '';
    const key = request.headers['idempotency-key'];
    requests.push({ method: request.method, path, body: request.body, ...(typeof key === 'string' ? { idempotencyKey: key } : {}) });
    if (request.headers['x-api-key'] !== apiKey) return error(401, '000', 'HTTP Status Response - Unauthorized', 'security');
    const body = (request.body ?? {}) as Record<string, unknown>;
    let m: RegExpMatchArray | null;
    if (request.method === 'POST' && path === '/v72/paymentLinks') return createLink(body);
    if (request.method === 'GET' && (m = path.match(/^\/v72\/paymentLinks\/([^/]+)$/))) {
      const link = links.get(m[1]!);
      return link ? { status: 200, body: linkJson(link) } : error(404, '000', 'Payment link not found');
    }
    if (request.method === 'POST' && path === '/v72/payments') return chargeStoredCard(body);
    if (request.method === 'POST' && (m = path.match(/^\/v72\/payments\/([^/]+)\/refunds$/))) return refund(m[1]!, body);
    return error(404, '000', `The stand-in does not serve ${request.method} ${path}`);
  }

  function notification(...items: NotificationItemInput[]) {
    return {
      live: 'false',
      notificationItems: items.map((input) => {
        const item = {
          additionalData: { ...input.additionalData } as Record<string, string>,
          amount: input.amount,
          eventCode: input.eventCode,
          eventDate: new Date().toISOString(),
          merchantAccountCode: input.merchantAccountCode ?? merchantAccount,
          merchantReference: input.merchantReference,
          ...(input.originalReference ? { originalReference: input.originalReference } : {}),
          ...(input.paymentMethod ? { paymentMethod: input.paymentMethod } : {}),
          pspReference: input.pspReference,
          success: input.success === false ? 'false' : 'true',
        };
        // The library's own signer, as Adyen signs: the test checks the adapter, not a copy of its code.
        item.additionalData.hmacSignature = signer.calculateHmac(item as never, hmacKey);
        return { NotificationRequestItem: item };
      }),
    };
  }

  const server = await startHttpsStandin(handle);
  origin = server.origin;

  const standin: AdyenStandin = {
    checkoutEndpoint: origin,
    apiKey,
    merchantAccount,
    hmacKey,
    links,
    payments,
    requests,
    nextChargeResult: 'Authorised',
    payLink(linkId, outcome = {}) {
      const link = links.get(linkId);
      if (!link) throw new Error(`no stand-in link ${linkId}`);
      const success = outcome.success ?? true;
      const amount = link.request.amount as Amount;
      const pspReference = psp();
      payments.set(pspReference, { pspReference, reference: String(link.request.reference), amount, authorised: success });
      if (success) link.status = 'completed';
      const brand = outcome.card?.brand ?? 'visa';
      const additionalData: Record<string, string> = { paymentLinkId: link.id, cardSummary: outcome.card?.lastFour ?? '1111' };
      if (success && outcome.card && link.request.storePaymentMethodMode === 'enabled') {
        const token = psp();
        tokens.set(token, { shopperReference: String(link.request.shopperReference), brand });
        additionalData['tokenization.storedPaymentMethodId'] = token;
        additionalData['tokenization.shopperReference'] = String(link.request.shopperReference);
      }
      const webhook = notification({ eventCode: 'AUTHORISATION', pspReference, merchantReference: String(link.request.reference), success, amount, paymentMethod: brand, additionalData });
      return { pspReference, webhook };
    },
    notification,
    close: () => server.close(),
  };
  return standin;
}
