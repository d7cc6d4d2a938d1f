/**
 * The operator's SEPA commands:
 *   npm run sepa -- export [--site <key>]   pending collections -> DATA_DIR/sepa/<batch>.xml (pain.008)
 *   npm run sepa -- return <payment_id> [--reason <R-code>]   the bank returned a collection
 * The creditor comes from SEPA_CREDITOR_NAME, SEPA_CREDITOR_IBAN, SEPA_CREDITOR_ID and the
 * optional SEPA_CREDITOR_BIC.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { isValidIBAN, electronicFormatIBAN } from 'ibantools';
import { validateCreditorID } from 'sepa';
import { z } from 'zod';
import { runAsCommand } from '../../db/command';
import type { Db } from '../../db/database';
import { sites } from '../../db/schema';
import { dataKeysOf, loadSecrets } from '../../secrets';
import { recordReturn } from './direct-debit-reversal';
import { FieldCipher } from './field-cipher';
import { exportPending, type Creditor } from './sepa-export';

export const USAGE = 'Usage: npm run sepa -- export [--site <key>] | npm run sepa -- return <payment_id> [--reason <code>]';

const creditorEnvSchema = z.object({
  SEPA_CREDITOR_NAME: z.string().min(1).max(70),
  SEPA_CREDITOR_IBAN: z
    .string()
    .transform((v) => electronicFormatIBAN(v) ?? '')
    .refine(isValidIBAN, 'not a valid IBAN'),
  SEPA_CREDITOR_BIC: z
    .string()
    .regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/)
    .optional(),
  SEPA_CREDITOR_ID: z.string().refine(validateCreditorID, 'not a valid SEPA creditor identifier'),
});

/** The creditor from the environment, or an error naming what is missing or wrong. */
export function creditorFromEnv(env: NodeJS.ProcessEnv): Creditor {
  const parsed = creditorEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`SEPA creditor not configured:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`);
  const c = parsed.data;
  return { name: c.SEPA_CREDITOR_NAME, iban: c.SEPA_CREDITOR_IBAN, bic: c.SEPA_CREDITOR_BIC, creditorId: c.SEPA_CREDITOR_ID };
}

export interface SepaCommandContext {
  db: Db;
  cipher: FieldCipher;
  dataDir: string;
  env: NodeJS.ProcessEnv;
}

/** Runs one command; returns what to print. Throws with the usage on bad arguments. */
export async function runSepaCommand(ctx: SepaCommandContext, argv: string[]): Promise<string> {
  const { positionals, values } = parseArgs({ args: argv, options: { site: { type: 'string' }, reason: { type: 'string' } }, allowPositionals: true, strict: true });
  const [command, ...rest] = positionals;
  if (command === 'export' && rest.length === 0 && values.reason === undefined) {
    const creditor = creditorFromEnv(ctx.env);
    let siteIds: number[] | null = null;
    if (values.site !== undefined) {
      const [site] = await ctx.db.select({ id: sites.id }).from(sites).where(eq(sites.key, values.site));
      if (!site) throw new Error(`No site "${values.site}".`);
      siteIds = [site.id];
    }
    const batch = await exportPending(ctx.db, ctx.cipher, creditor, path.join(ctx.dataDir, 'sepa'), siteIds);
    const refused = batch.refused.map((r) => `\nRefused ${r.paymentId}: ${r.currency}, SEPA collects euro only (left pending; refund it with npm run payments -- refund ${r.paymentId}).`).join('');
    if (!batch.file) return `No pending collections.${refused}`;
    return `Exported ${batch.count} collection(s), EUR ${(batch.sumMinor / 100).toFixed(2)}, batch ${batch.batchId}: ${batch.file}${refused}`;
  }
  if (command === 'return' && rest.length === 1 && values.site === undefined) {
    const publicId = rest[0]!;
    const reason = values.reason ?? 'MD06';
    if (!/^[A-Z0-9]{2,8}$/.test(reason)) throw new Error(`"${reason}" is not a return reason code (e.g. AC04, MD06).\n${USAGE}`);
    const result = await recordReturn(ctx.db, publicId, reason);
    if (result.kind === 'unknown') throw new Error(`No payment ${publicId}.`);
    if (result.kind === 'not-collected') throw new Error(`Payment ${publicId} is not a direct-debit collection.`);
    return result.settlement.changed
      ? `Payment ${publicId} returned (${reason}): charged back, credits withdrawn, direct debit blocked for the member.`
      : `Payment ${publicId} was already ${result.settlement.status}; nothing changed.`;
  }
  throw new Error(USAGE);
}

runAsCommand(import.meta.url, async (db, config, argv) => {
  const secrets = await loadSecrets(config.DATA_DIR);
  return runSepaCommand({ db, cipher: new FieldCipher(dataKeysOf(secrets)), dataDir: config.DATA_DIR, env: process.env }, argv);
});
