import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Document as SepaDocument } from 'sepa';
import type { Db } from '../../db/database';
import { lockPendingCollections, mandatesCollectedBefore, markExported, type PendingCollection } from './direct-debit-repository';
import type { FieldCipher } from './field-cipher';

/** Who collects: the operator's SEPA creditor details (see sepa-cli.ts for where they come from). */
export interface Creditor {
  name: string;
  iban: string;
  bic?: string | undefined;
  /** The SEPA creditor identifier (e.g. NL98ZZZ999999999999). */
  creditorId: string;
}

export interface SepaBatch {
  batchId: string;
  count: number;
  sumMinor: number;
  /** The written file; null when nothing was pending. */
  file: string | null;
  /** Pending collections SEPA cannot collect (not in euro): left out and left pending for an operator. */
  refused: { paymentId: string; currency: string }[];
}

/** SEPA direct debits are in euro only. */
const SEPA_CURRENCY = 'EUR';

/**
 * Builds a pain.008.001.08 direct-debit initiation with the `sepa` library: one payment
 * information block per sequence type (FRST for a mandate's first collection, RCUR after),
 * collected `collectionDate`. The debtors' IBANs are decrypted only here, into the file.
 */
export function buildPain008(
  batchId: string,
  creditor: Creditor,
  collections: (PendingCollection & { sequence: 'FRST' | 'RCUR' })[],
  cipher: FieldCipher,
  collectionDate: Date,
  now = new Date(),
): string {
  const foreign = collections.find((c) => c.currency !== SEPA_CURRENCY);
  if (foreign) throw new Error(`collection of payment ${foreign.publicId} is in ${foreign.currency}: SEPA collects euro only`);
  const doc = new SepaDocument('pain.008.001.08');
  doc.grpHdr.id = batchId;
  doc.grpHdr.created = now;
  doc.grpHdr.initiatorName = creditor.name;
  for (const sequence of ['FRST', 'RCUR'] as const) {
    const part = collections.filter((c) => c.sequence === sequence);
    if (part.length === 0) continue;
    const info = doc.createPaymentInfo();
    info.collectionDate = collectionDate;
    info.creditorIBAN = creditor.iban;
    info.creditorBIC = creditor.bic ?? '';
    info.creditorName = creditor.name;
    info.creditorId = creditor.creditorId;
    info.sequenceType = sequence;
    info.batchBooking = true;
    doc.addPaymentInfo(info);
    for (const c of part) {
      const tx = info.createTransaction();
      tx.debtorName = c.debtor.holder.slice(0, 70);
      tx.debtorIBAN = cipher.decrypt(c.debtor.ibanEncrypted);
      tx.debtorBIC = c.debtor.bic ?? '';
      tx.mandateId = c.debtor.mandateReference;
      tx.mandateSignatureDate = new Date(c.debtor.mandateSignedAt);
      // Cents to euros for the XML: exact for integer cents below 2^53 / 100.
      tx.amount = c.amountMinor / 100;
      tx.currency = c.currency;
      tx.remittanceInfo = `${creditor.name} ${c.publicId}`.slice(0, 140);
      tx.end2endId = c.publicId;
      info.addTransaction(tx);
    }
  }
  return doc.toString();
}

/**
 * Writes the pending collections (of `siteIds`, or all) as one pain.008 file into `dir` and
 * marks them exported, in one transaction: if the file cannot be written nothing is marked,
 * and a collection is in exactly one file.
 */
export async function exportPending(db: Db, cipher: FieldCipher, creditor: Creditor, dir: string, siteIds: number[] | null, now = new Date()): Promise<SepaBatch> {
  const batchId = `RDV${now.toISOString().slice(0, 10).replace(/-/g, '')}${randomBytes(4).toString('hex').toUpperCase()}`;
  return db.transaction(async (tx) => {
    const locked = await lockPendingCollections(tx, siteIds);
    const refused = locked.filter((c) => c.currency !== SEPA_CURRENCY).map((c) => ({ paymentId: c.publicId, currency: c.currency }));
    const pending = locked.filter((c) => c.currency === SEPA_CURRENCY);
    if (pending.length === 0) return { batchId, count: 0, sumMinor: 0, file: null, refused };
    const before = await mandatesCollectedBefore(
      tx,
      pending.map((c) => c.debtor.mandateReference),
    );
    const seen = new Set<string>();
    const sequenced = pending.map((c) => {
      const reference = c.debtor.mandateReference;
      const sequence = before.has(reference) || seen.has(reference) ? ('RCUR' as const) : ('FRST' as const);
      seen.add(reference);
      return { ...c, sequence };
    });
    // CORE direct debits may be collected from the next business day; two days leaves the bank room.
    const collectionDate = new Date(now.getTime() + 2 * 24 * 60 * 60 * 1000);
    const xml = buildPain008(batchId, creditor, sequenced, cipher, collectionDate, now);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, `${batchId}.xml`);
    const tmp = `${file}.tmp`;
    // The file holds account numbers: readable by the operator's account only.
    await writeFile(tmp, xml, { mode: 0o600 });
    await rename(tmp, file);
    await markExported(
      tx,
      pending.map((c) => c.id),
      batchId,
      now,
    );
    return {
      batchId,
      count: pending.length,
      sumMinor: pending.reduce((sum, c) => sum + c.amountMinor, 0),
      file,
      refused,
    };
  });
}
