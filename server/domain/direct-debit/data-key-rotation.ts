import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { directDebitAccounts, directDebitCollections, directDebitVerifications } from '../../db/direct-debit-schema';
import type { FieldCipher } from './field-cipher';

export interface RotationReport {
  accounts: number;
  collections: number;
  verifications: number;
}

/** Rows per transaction: a large table is re-encrypted in short steps, each whole or not at all. */
const BATCH = 200;

/**
 * Re-encrypts every stored bank field that is not under the current encryption key and
 * recomputes the lookup hashes with the current hash key (`npm run data-keys -- rotate`), so
 * the old keys can then be removed. Rows already current are left alone: a rotation that was
 * interrupted simply runs again. SMS code hashes cannot be recomputed (the code is not kept);
 * their verifications are purged within a day.
 */
export async function rotateDataKeys(db: Db, cipher: FieldCipher): Promise<RotationReport> {
  const report: RotationReport = { accounts: 0, collections: 0, verifications: 0 };
  const stale = (sealed: string) => !cipher.isCurrent(sealed);
  const rehashed = (hash: string | null, purpose: string, value: string) => (hash === null || !hash.startsWith(`${cipher.currentHashKeyId}.`) ? cipher.hash(purpose, value) : hash);

  for (const account of await db.select().from(directDebitAccounts)) {
    if (!stale(account.ibanEncrypted)) continue;
    await db
      .update(directDebitAccounts)
      .set({ ibanEncrypted: cipher.encrypt(cipher.decrypt(account.ibanEncrypted)) })
      .where(eq(directDebitAccounts.memberId, account.memberId));
    report.accounts += 1;
  }

  const collections = await db.select().from(directDebitCollections);
  for (let i = 0; i < collections.length; i += BATCH) {
    await db.transaction(async (tx) => {
      for (const c of collections.slice(i, i + BATCH)) {
        const iban = cipher.decrypt(c.debtor.ibanEncrypted);
        const mobile = c.debtor.mobileEncrypted ? cipher.decrypt(c.debtor.mobileEncrypted) : null;
        const ibanHash = rehashed(c.ibanHash, 'iban', iban);
        const mobileHash = mobile === null ? c.mobileHash : rehashed(c.mobileHash, 'mobile', mobile);
        const staleFields = stale(c.debtor.ibanEncrypted) || (c.debtor.mobileEncrypted !== undefined && stale(c.debtor.mobileEncrypted));
        if (!staleFields && ibanHash === c.ibanHash && mobileHash === c.mobileHash) continue;
        const debtor = { ...c.debtor, ibanEncrypted: cipher.encrypt(iban), ...(mobile === null ? {} : { mobileEncrypted: cipher.encrypt(mobile) }) };
        await tx.update(directDebitCollections).set({ debtor, ibanHash, mobileHash }).where(eq(directDebitCollections.id, c.id));
        report.collections += 1;
      }
    });
  }

  for (const v of await db.select().from(directDebitVerifications)) {
    const details = cipher.decrypt(v.detailsEncrypted);
    const { mobile } = JSON.parse(details) as { mobile: string };
    const mobileHash = rehashed(v.mobileHash, 'mobile', mobile);
    if (!stale(v.detailsEncrypted) && mobileHash === v.mobileHash) continue;
    await db.update(directDebitVerifications).set({ detailsEncrypted: cipher.encrypt(details), mobileHash }).where(eq(directDebitVerifications.id, v.id));
    report.verifications += 1;
  }
  return report;
}
