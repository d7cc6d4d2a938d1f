import { eq, inArray, sql } from 'drizzle-orm';
import {
  LOGIN_BLOCK_MINUTES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_IP,
} from '../../../common/limits';
import type { Db } from '../../db/database';
import { loginThrottle } from '../../db/schema';

const MINUTE = 60_000;

export const accountKey = (siteId: number, email: string) => `account:${siteId}:${email.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/** Minutes left of a block on any of these keys, or 0. */
export async function blockedMinutes(db: Db, keys: string[], now = new Date()): Promise<number> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keys));
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / MINUTE) : 0;
}

/**
 * Counts a failed login against the account and the address; once either reaches its limit
 * within the window, it is blocked for LOGIN_BLOCK_MINUTES (spec section 8). One atomic
 * upsert per key, so parallel attempts cannot slip past the count.
 */
export async function recordFailure(db: Db, keys: { account: string; ip: string }, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MINUTES * MINUTE);
  const blockUntil = new Date(now.getTime() + LOGIN_BLOCK_MINUTES * MINUTE);
  for (const [key, limit] of [
    [keys.account, LOGIN_MAX_FAILURES_PER_ACCOUNT],
    [keys.ip, LOGIN_MAX_FAILURES_PER_IP],
  ] as const) {
    await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now, blockedUntil: limit <= 1 ? blockUntil : null })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${now} else ${loginThrottle.windowStartedAt} end`,
          blockedUntil: sql`case when (case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end) >= ${limit} then ${blockUntil} else ${loginThrottle.blockedUntil} end`,
        },
      });
  }
  return blockedMinutes(db, [keys.account, keys.ip], now);
}

/** A successful login clears the account's failures (not the address's). */
export async function clearAccountFailures(db: Db, account: string): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, account));
}
