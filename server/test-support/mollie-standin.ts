import { randomBytes } from 'node:crypto';
import { startHttpsStandin, type StandinReply, type StandinRequest } from './https-standin';

/**
 * A local stand-in for the part of Mollie's API v2 that mollie-provider.ts uses (payments,
 * refunds, customers, mandates), over https as the official client requires. Payments live in
 * memory; a test moves them with setStatus / chargeBack, as a payer or a bank would at Mollie.
 */

export type MollieStandinStatus = 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';

interface Amount {
  currency: string;
  value: string;
}

export interface StandinMolliePayment {
  id: string;
  status: MollieStandinStatus;
  amount: Amount;
  description: string;
  method: string | null;
  metadata: unknown;
  locale: string | null;
  sequenceType: 'oneoff' | 'first' | 'recurring';
  redirectUrl: string | null;
  webhookUrl: string | null;
  customerId: string | null;
  mandateId: string | null;
  refundedMinor: number;
  chargedBackMinor: number;
  createdAt: string;
}

export interface MollieStandin {
  /** For createMollieProvider's apiEndpoint. */
  apiEndpoint: string;
  apiKey: string;
  payments: Map<string, StandinMolliePayment>;
  /** What the client sent, in order: method, path and JSON body. */
  requests: { method: string; path: string; body: unknown }[];
  /** The payer or the bank moves a payment; paid on a 'first' card payment leaves a valid mandate. */
  setStatus(id: string, status: MollieStandinStatus, card?: { label: string; lastFour: string }): void;
  chargeBack(id: string): void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
const toMinor = (value: string) => Math.round(Number(value) * 100);
const toValue = (minor: number) => (minor / 100).toFixed(2);
const error = (status: number, title: string, detail: string, field?: string): StandinReply => ({
  status,
  body: { status, title, detail, ...(field ? { field } : {}), _links: { documentation: { href: 'https://docs.mollie.com/errors', type: 'text/html' } } },
});

/** `otherKeys`: keys of other Mollie profiles; as at Mollie, each key sees only the payments made with it. */
export async function startMollieStandin(apiKey = 'test_standinkey0000000000000000000', otherKeys: readonly string[] = []): Promise<MollieStandin> {
  const payments = new Map<string, StandinMolliePayment>();
  const keys = new Set([apiKey, ...otherKeys]);
  const profileOf = new Map<string, string>();
  const customers = new Set<string>();
  const mandates = new Map<string, { id: string; customerId: string; label: string; lastFour: string }>();
  const requests: MollieStandin['requests'] = [];
  let origin = '';

  const link = (href: string, type = 'application/hal+json') => ({ href, type });
  function paymentJson(p: StandinMolliePayment) {
    const amount = toMinor(p.amount.value);
    return {
      resource: 'payment',
      id: p.id,
      mode: 'test',
      createdAt: p.createdAt,
      status: p.status,
      isCancelable: p.status === 'open',
      amount: p.amount,
      description: p.description,
      method: p.method,
      metadata: p.metadata,
      locale: p.locale,
      profileId: 'pfl_standin',
      sequenceType: p.sequenceType,
      redirectUrl: p.redirectUrl,
      webhookUrl: p.webhookUrl,
      ...(p.customerId ? { customerId: p.customerId } : {}),
      ...(p.mandateId ? { mandateId: p.mandateId } : {}),
      ...(p.refundedMinor > 0 ? { amountRefunded: { currency: p.amount.currency, value: toValue(p.refundedMinor) } } : {}),
      ...(p.status === 'paid' ? { amountRemaining: { currency: p.amount.currency, value: toValue(amount - p.refundedMinor) } } : {}),
      ...(p.chargedBackMinor > 0 ? { amountChargedBack: { currency: p.amount.currency, value: toValue(p.chargedBackMinor) } } : {}),
      _links: {
        self: link(`${origin}/v2/payments/${p.id}`),
        dashboard: link(`${origin}/dashboard/${p.id}`, 'text/html'),
        documentation: link('https://docs.mollie.com/reference/get-payment', 'text/html'),
        ...(p.status === 'open' && p.sequenceType !== 'recurring' ? { checkout: link(`${origin}/checkout/${p.id}`, 'text/html') } : {}),
      },
    };
  }

  function createPayment(body: Record<string, unknown>): StandinReply {
    const amount = body.amount as Amount | undefined;
    if (!amount || !/^\d+\.\d{2}$/.test(amount.value) || !/^[A-Z]{3}$/.test(amount.currency)) return error(422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
    if (typeof body.description !== 'string' || !body.description) return error(422, 'Unprocessable Entity', 'The description is invalid', 'description');
    const sequenceType = (body.sequenceType as StandinMolliePayment['sequenceType'] | undefined) ?? 'oneoff';
    const customerId = typeof body.customerId === 'string' ? body.customerId : null;
    if (customerId && !customers.has(customerId)) return error(404, 'Not Found', `No customer exists with token ${customerId}.`);
    if (sequenceType === 'first' && !customerId) return error(422, 'Unprocessable Entity', 'A first payment needs a customer', 'customerId');
    let status: MollieStandinStatus = 'open';
    if (sequenceType === 'recurring') {
      const mandate = mandates.get(String(body.mandateId));
      if (!mandate || mandate.customerId !== customerId) return error(422, 'Unprocessable Entity', 'The mandate is invalid', 'mandateId');
      status = 'pending'; // Mollie charges the card in the background and reports by webhook.
    } else if (typeof body.redirectUrl !== 'string') {
      return error(422, 'Unprocessable Entity', 'The redirect URL is missing', 'redirectUrl');
    }
    const payment: StandinMolliePayment = {
      id: newId('tr'),
      status,
      amount,
      description: body.description,
      method: typeof body.method === 'string' ? body.method : null,
      metadata: body.metadata ?? null,
      locale: typeof body.locale === 'string' ? body.locale : null,
      sequenceType,
      redirectUrl: typeof body.redirectUrl === 'string' ? body.redirectUrl : null,
      webhookUrl: typeof body.webhookUrl === 'string' ? body.webhookUrl : null,
      customerId,
      mandateId: sequenceType === 'recurring' ? String(body.mandateId) : null,
      refundedMinor: 0,
      chargedBackMinor: 0,
      createdAt: new Date().toISOString(),
    };
    payments.set(payment.id, payment);
    return { status: 201, body: paymentJson(payment) };
  }

  function refund(payment: StandinMolliePayment, body: Record<string, unknown>): StandinReply {
    const amount = body.amount as Amount | undefined;
    if (payment.status !== 'paid') return error(422, 'Unprocessable Entity', 'The payment cannot be refunded');
    if (!amount || amount.currency !== payment.amount.currency) return error(422, 'Unprocessable Entity', 'The amount is invalid', 'amount');
    const minor = toMinor(amount.value);
    if (minor <= 0 || minor > toMinor(payment.amount.value) - payment.refundedMinor) return error(422, 'Unprocessable Entity', 'The amount is higher than the amount remaining', 'amount');
    payment.refundedMinor += minor;
    const id = newId('re');
    const links = { self: link(`${origin}/v2/payments/${payment.id}/refunds/${id}`), payment: link(`${origin}/v2/payments/${payment.id}`), documentation: link('https://docs.mollie.com', 'text/html') };
    return { status: 201, body: { resource: 'refund', id, mode: 'test', amount, status: 'pending', paymentId: payment.id, description: '', metadata: null, createdAt: new Date().toISOString(), _links: links } };
  }

  function handle(request: StandinRequest): StandinReply {
    const path = request.url.split('?')[0] ?? '';
    requests.push({ method: request.method, path, body: request.body });
    const key = String(request.headers.authorization).replace(/^Bearer /, '');
    if (!keys.has(key)) return error(401, 'Unauthorized Request', 'Missing authentication, or failed to authenticate');
    const body = (request.body ?? {}) as Record<string, unknown>;
    let m: RegExpMatchArray | null;
    if (request.method === 'POST' && path === '/v2/payments') {
      const reply = createPayment(body);
      const id = (reply.body as { id?: string }).id;
      if (id) profileOf.set(id, key);
      return reply;
    }
    if ((m = path.match(/^\/v2\/payments\/([^/]+)(\/refunds)?$/))) {
      const payment = payments.get(m[1]!);
      if (!payment || profileOf.get(payment.id) !== key) return error(404, 'Not Found', `No payment exists with token ${m[1]}.`);
      if (request.method === 'GET' && !m[2]) return { status: 200, body: paymentJson(payment) };
      if (request.method === 'POST' && m[2]) return refund(payment, body);
    }
    if (request.method === 'POST' && path === '/v2/customers') {
      const id = newId('cst');
      customers.add(id);
      return { status: 201, body: { resource: 'customer', id, mode: 'test', name: null, email: null, locale: null, metadata: body.metadata ?? null, createdAt: new Date().toISOString(), _links: { self: link(`${origin}/v2/customers/${id}`) } } };
    }
    if (request.method === 'GET' && (m = path.match(/^\/v2\/customers\/([^/]+)\/mandates\/([^/]+)$/))) {
      const mandate = mandates.get(m[2]!);
      if (!mandate || mandate.customerId !== m[1]) return error(404, 'Not Found', `No mandate exists with token ${m[2]}.`);
      const details = { cardHolder: 'T. Tester', cardNumber: mandate.lastFour, cardLabel: mandate.label, cardFingerprint: 'fp', cardExpiryDate: '2030-12-31' };
      const links = { self: link(`${origin}${path}`), customer: link(`${origin}/v2/customers/${mandate.customerId}`), documentation: link('https://docs.mollie.com', 'text/html') };
      return { status: 200, body: { resource: 'mandate', id: mandate.id, mode: 'test', status: 'valid', method: 'creditcard', details, mandateReference: null, signatureDate: null, createdAt: new Date().toISOString(), _links: links } };
    }
    return error(404, 'Not Found', `The stand-in does not serve ${request.method} ${path}`);
  }

  const server = await startHttpsStandin(handle);
  origin = server.origin;

  return {
    apiEndpoint: `${origin}/v2/`,
    apiKey,
    payments,
    requests,
    setStatus(id, status, card = { label: 'Visa', lastFour: '4242' }) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no stand-in payment ${id}`);
      payment.status = status;
      if (status === 'paid' && payment.sequenceType === 'first' && payment.customerId && !payment.mandateId) {
        const mandate = { id: newId('mdt'), customerId: payment.customerId, ...card };
        mandates.set(mandate.id, mandate);
        payment.mandateId = mandate.id;
      }
    },
    chargeBack(id) {
      const payment = payments.get(id);
      if (!payment) throw new Error(`no stand-in payment ${id}`);
      payment.chargedBackMinor = toMinor(payment.amount.value);
    },
    close: () => server.close(),
  };
}
