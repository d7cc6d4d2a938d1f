/**
 * The operator's discount code commands (a staff screen comes later):
 *   npm run offers -- create --code SUMMER20 --percent 20 [--site <key>] [--country NL]
 *       [--minimum 15.00 --currency EUR] [--methods ideal,creditcard] [--expires 2026-12-31]
 *       [--validity unlimited]
 *   npm run offers -- list
 *   npm run offers -- disable <code>
 * A code without --site works on every site; --expires names the last day it works (UTC).
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CURRENCIES } from '../../../common/payments/money';
import { PAYMENT_METHODS } from '../../../common/payments/payment-methods';
import { SERVED_COUNTRY_CODES } from '../../../common/reference/countries';
import { runAsCommand } from '../../db/command';
import type { Db } from '../../db/database';
import { discountRedemptions } from '../../db/offers-schema';
import { sites } from '../../db/schema';
import { findCodeAnywhere, insertCode, listOperatorCodes, setCodeStatus, type DiscountCodeRow } from './discount-repository';

export const USAGE = [
  'Usage: npm run offers -- create --code <CODE> --percent <at most 99> [--site <key>] [--country <CC>] [--minimum <amount> --currency <CUR>]',
  '                          [--methods <method,...>] [--expires <YYYY-MM-DD>] [--validity once-per-user|unlimited]',
  '       npm run offers -- list',
  '       npm run offers -- disable <CODE>',
].join('\n');

const OPTIONS = {
  code: { type: 'string' },
  percent: { type: 'string' },
  site: { type: 'string' },
  country: { type: 'string' },
  minimum: { type: 'string' },
  currency: { type: 'string' },
  methods: { type: 'string' },
  expires: { type: 'string' },
  validity: { type: 'string' },
} as const;

const createSchema = z
  .object({
    // The API takes codes of up to 40 characters; members type them in any case.
    code: z
      .string()
      .transform((v) => v.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, 'letters, digits, - and _, 3 to 40 characters')),
    // At most 99 % off: a free bundle must never reach a payment provider (the table refuses it too).
    percent: z.coerce.number().min(0.01).max(99),
    site: z.string().min(1).optional(),
    country: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(SERVED_COUNTRY_CODES as [string, ...string[]]))
      .optional(),
    minimum: z
      .string()
      .regex(/^\d+(\.\d{1,2})?$/, 'an amount like 15.00')
      .transform((v) => Math.round(Number(v) * 100))
      .optional(),
    currency: z
      .string()
      .transform((v) => v.toUpperCase())
      .pipe(z.enum(CURRENCIES))
      .optional(),
    methods: z
      .string()
      .transform((v) => v.split(',').map((m) => m.trim()))
      .pipe(z.array(z.enum(PAYMENT_METHODS)).min(1))
      .optional(),
    expires: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date like 2026-12-31')
      .transform((v) => new Date(`${v}T00:00:00Z`))
      .refine((d) => !Number.isNaN(d.getTime()), 'not a date')
      // Works through the whole named day.
      .transform((d) => new Date(d.getTime() + 24 * 3600 * 1000))
      .refine((d) => d > new Date(), 'a day in the future')
      .optional(),
    validity: z.enum(['once-per-user', 'unlimited']).default('once-per-user'),
  })
  .refine((v) => (v.minimum === undefined) === (v.currency === undefined), { message: '--minimum and --currency go together', path: ['minimum'] });

/** Runs one command; returns what to print. Throws with the usage on bad arguments. */
export async function runOffersCommand(db: Db, argv: string[]): Promise<string> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, { cause: error });
  }
  const { positionals, values } = parsed;
  const [command, ...rest] = positionals;
  const options = Object.keys(values).length;
  if (command === 'create' && rest.length === 0) return create(db, values);
  if (command === 'list' && rest.length === 0 && options === 0) return list(db);
  if (command === 'disable' && rest.length === 1 && options === 0) return disable(db, rest[0]!);
  throw new Error(USAGE);
}

async function create(db: Db, values: Record<string, string | undefined>): Promise<string> {
  const result = createSchema.safeParse(values);
  if (!result.success) throw new Error(`${result.error.issues.map((i) => `--${i.path.join('.') || 'code'}: ${i.message}`).join('\n')}\n${USAGE}`);
  const v = result.data;
  let siteId: number | null = null;
  if (v.site !== undefined) {
    const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.key, v.site));
    if (!site) throw new Error(`No site ${v.site}.`);
    siteId = site.id;
  }
  if (await findCodeAnywhere(db, v.code)) throw new Error(`A code ${v.code} exists already.`);
  const row = await insertCode(db, {
    siteId,
    code: v.code,
    valuePercentageBp: Math.round(v.percent * 100),
    country: v.country ?? null,
    currency: v.currency ?? null,
    minimumOrderMinor: v.minimum ?? null,
    paymentMethods: v.methods ?? null,
    expiresAt: v.expires ?? null,
    validity: v.validity,
    kind: 'code',
  });
  return `Created ${describe(row, siteId === null ? 'every site' : v.site!, 0)}.`;
}

async function list(db: Db): Promise<string> {
  const rows = await listOperatorCodes(db);
  if (rows.length === 0) return 'No codes.';
  const siteRows = await db.select({ id: sites.id, key: sites.key }).from(sites);
  const siteKeys = new Map(siteRows.map((s) => [s.id, s.key]));
  const uses = await db
    .select({ codeId: discountRedemptions.codeId, n: sql<number>`count(*)::int` })
    .from(discountRedemptions)
    .where(eq(discountRedemptions.counts, true))
    .groupBy(discountRedemptions.codeId);
  const usesOf = new Map(uses.map((u) => [u.codeId, u.n]));
  return rows.map((r) => describe(r, r.siteId === null ? 'every site' : (siteKeys.get(r.siteId) ?? `site ${r.siteId}`), usesOf.get(r.id) ?? 0)).join('\n');
}

async function disable(db: Db, text: string): Promise<string> {
  const row = await findCodeAnywhere(db, text);
  if (!row) throw new Error(`No code ${text.toUpperCase()}.`);
  await setCodeStatus(db, row.id, 'disabled');
  return `Disabled ${row.code}.`;
}

/** One line per code: what it gives, where and until when, and how often it was used for payments that count. */
function describe(r: DiscountCodeRow, where: string, uses: number): string {
  const parts = [
    `${r.code} ${r.valuePercentageBp / 100}% off`,
    where,
    r.kind,
    r.validity,
    r.status,
    r.country ? `country ${r.country}` : null,
    r.minimumOrderMinor !== null ? `minimum ${(r.minimumOrderMinor / 100).toFixed(2)} ${r.currency}` : null,
    r.paymentMethods ? `methods ${r.paymentMethods.join(',')}` : null,
    r.expiresAt ? `expires ${r.expiresAt.toISOString()}` : 'no expiry',
    `${uses} used`,
  ];
  return parts.filter(Boolean).join(' · ');
}

runAsCommand(import.meta.url, (db, _config, argv) => runOffersCommand(db, argv));
