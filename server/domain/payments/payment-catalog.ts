import type { CreditsPage, Bundle, PaymentMethods, Pricing, Transaction, TransactionDetail } from '../../../common/payments/payment-schemas';
import type { PaymentMethod } from '../../../common/payments/payment-methods';
import { vatOf, type Currency } from '../../../common/payments/money';
import type { Locale } from '../../../common/reference/countries';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/api-error';
import { creditBalance } from '../credits/credits-repository';
import type { Site } from '../sites/site-directory';
import { presentCompany } from '../sites/site-presenter';
import { activeMandate, bundlesFor, findMemberPayment, lastPaidPayment, listPayments, type BundleRow, type PaymentRow } from './payment-repository';
import type { PaymentRouting } from './provider-routing';

export const TRANSACTIONS_PAGE = 20;

/**
 * The payment country: the member's choice when the site serves it, else the visitor's
 * country when the site serves that, else the site's first country.
 */
export function paymentCountry(site: Site, asked: string | undefined, visitorCountry: string | null): string {
  const countries = site.row.settings.countries;
  if (asked) {
    if (!countries.includes(asked)) throw new ApiError(400, 'errors.paymentCountry', {}, 'country');
    return asked;
  }
  return visitorCountry && countries.includes(visitorCountry) ? visitorCountry : countries[0]!;
}

export function presentBundle(row: BundleRow, messageCredits: number): Bundle {
  return {
    id: row.id,
    credits: row.credits,
    amount: row.amountMinor,
    currency: row.currency as Currency,
    // What one message costs in money when bought in this bundle.
    price_per_message: messageCredits > 0 ? Math.round((row.amountMinor * messageCredits * 100) / row.credits) / 100 : 0,
    best_value: row.bestValue,
  };
}

export async function pricing(db: Db, site: Site, country: string): Promise<Pricing> {
  const s = site.row.settings;
  const rows = await bundlesFor(db, site.row.id, country);
  return {
    country,
    currency: (rows[0]?.currency ?? 'EUR') as Currency,
    countries: s.countries,
    bundles: rows.map((r) => presentBundle(r, s.message_credits)),
    costs: { message: s.message_credits, photo: s.photo_credits, gift: s.gift_credits },
    refund_days: s.refund_days,
  };
}

export async function creditsPage(db: Db, routing: PaymentRouting, site: Site, memberId: number, paidUser: boolean, country: string): Promise<CreditsPage> {
  const [prices, balance, last] = await Promise.all([pricing(db, site, country), creditBalance(db, memberId), lastPaidPayment(db, memberId)]);
  let lastOrder: CreditsPage['last_order'] = null;
  if (last?.bundleId && routing.route(site.row.key, last.country, last.method as PaymentMethod)) {
    const mandate = await activeMandate(db, memberId, last.provider, last.method);
    // A repeat pays the bundle's price: a discount the last order had is not repeated.
    const amount = discountOf(last)?.original_amount ?? last.amountMinor;
    lastOrder = { bundle_id: last.bundleId, method: last.method as PaymentMethod, credits: last.credits, amount, currency: last.currency as Currency, one_step: Boolean(mandate) };
  }
  return { ...prices, balance, paid_user: paidUser, last_order: lastOrder };
}

/** A bundle the site offers in this payment country, or 404. */
export async function offeredBundle(db: Db, site: Site, country: string, bundleId: number): Promise<BundleRow> {
  const bundle = (await bundlesFor(db, site.row.id, country)).find((b) => b.id === bundleId);
  if (!bundle) throw new ApiError(404, 'errors.bundleNotFound');
  return bundle;
}

export async function paymentMethods(db: Db, routing: PaymentRouting, site: Site, memberId: number, country: string, bundleId: number): Promise<PaymentMethods> {
  const bundle = await offeredBundle(db, site, country, bundleId);
  const last = await lastPaidPayment(db, memberId);
  const routed = routing.methods(site.row.key, country);
  const lastUsed = routed.find((m) => m.method === last?.method)?.method;
  const ordered = lastUsed ? [lastUsed, ...routed.map((m) => m.method).filter((m) => m !== lastUsed)] : routed.map((m) => m.method);
  return {
    country,
    countries: site.row.settings.countries,
    bundle: presentBundle(bundle, site.row.settings.message_credits),
    methods: ordered.map((method) => ({ method, last_used: method === lastUsed })),
  };
}

export function presentTransaction(p: PaymentRow): Transaction {
  return {
    payment_id: p.publicId,
    credits: p.credits,
    method: p.method as PaymentMethod,
    amount: p.amountMinor,
    fee: p.feeMinor,
    currency: p.currency as Currency,
    status: p.status as Transaction['status'],
    date: (p.paidAt ?? p.createdAt).toISOString(),
    discount: discountOf(p),
  };
}

/** The discount recorded on a payment when it was created (details.discount), if any. */
function discountOf(p: PaymentRow): Transaction['discount'] {
  const d = p.details['discount'] as { code?: unknown; percentage?: unknown; original_amount?: unknown } | undefined;
  if (!d || typeof d.code !== 'string' || typeof d.percentage !== 'number' || typeof d.original_amount !== 'number') return null;
  return { code: d.code, percentage: d.percentage, original_amount: d.original_amount };
}

export async function transactions(db: Db, memberId: number, before: string | undefined): Promise<{ transactions: Transaction[]; more: boolean }> {
  let beforeId: number | undefined;
  if (before !== undefined) {
    const anchor = await findMemberPayment(db, memberId, before);
    if (!anchor) throw new ApiError(404, 'errors.paymentNotFound');
    beforeId = anchor.id;
  }
  const rows = await listPayments(db, memberId, TRANSACTIONS_PAGE + 1, beforeId);
  return { transactions: rows.slice(0, TRANSACTIONS_PAGE).map(presentTransaction), more: rows.length > TRANSACTIONS_PAGE };
}

/** One payment with its invoice block: the seller (the site's company) and the VAT of the buyer's country. */
export async function transactionDetail(db: Db, site: Site, locale: Locale, memberId: number, publicId: string): Promise<TransactionDetail> {
  const payment = await findMemberPayment(db, memberId, publicId);
  if (!payment) throw new ApiError(404, 'errors.paymentNotFound');
  const company = presentCompany(site, locale);
  const vat = vatOf(payment.amountMinor, payment.vatRateBp);
  return {
    ...presentTransaction(payment),
    invoice: {
      company: { name: company.name, address: company.addresses.multi_line, kvk: company.kvk, vat_numbers: company.vat_numbers },
      country: payment.country,
      vat_rate: payment.vatRateBp,
      amount_excluding_vat: payment.amountMinor - vat,
      vat,
      amount_including_vat: payment.amountMinor,
    },
  };
}
