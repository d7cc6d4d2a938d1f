import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { addressQuota } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What an address is counted for, each with its own daily count: 'reset' (the reset request),
 * 'signup' (every door answering whether it has an account: signup, the signup address
 * correction, the e-mail change), 'activation' (activation mails it received).
 */
export type AddressQuotaKind = 'reset' | 'signup' | 'activation';

/** Only a hash of the address is stored: most addresses asked about belong to nobody here. */
export function addressQuotaKey(kind: AddressQuotaKind, siteId: number, email: string): string {
  return `${kind}:${siteId}:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
}

/**
 * Counts one use of `email` for `kind` on this site and says whether it is within `limit` a day
 * (a window that starts with the first use). One atomic upsert, so parallel requests cannot
 * slip past the count. Every use counts, allowed or not, found or not.
 */
export async function takeAddressQuota(db: Db, kind: AddressQuotaKind, siteId: number, email: string, limit: number, now = new Date()): Promise<boolean> {
  const windowStart = new Date(now.getTime() - DAY_MS);
  const stale = sql`${addressQuota.windowStartedAt} < ${windowStart}`;
  const [row] = await db
    .insert(addressQuota)
    .values({ key: addressQuotaKey(kind, siteId, email), count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: addressQuota.key,
      set: {
        count: sql`case when ${stale} then 1 else ${addressQuota.count} + 1 end`,
        windowStartedAt: sql`case when ${stale} then ${now} else ${addressQuota.windowStartedAt} end`,
      },
    })
    .returning({ count: addressQuota.count });
  return (row?.count ?? 1) <= limit;
}

/** Drops counts whose day is over (the auth cleanup job). */
export async function deleteStaleAddressQuotas(db: Db, now: Date): Promise<void> {
  await db.delete(addressQuota).where(lt(addressQuota.windowStartedAt, new Date(now.getTime() - DAY_MS)));
}
