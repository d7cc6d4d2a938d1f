import { and, eq, inArray, lt, or, isNull, sql } from 'drizzle-orm';
import {
  LOGIN_BLOCK_MINUTES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES_PER_ACCOUNT,
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP,
  LOGIN_MAX_FAILURES_PER_IP,
} from '../../../common/limits';
import type { Db } from '../../db/database';
import { loginThrottle } from '../../db/schema';

const MINUTE = 60_000;

export const accountKey = (siteId: number, email: string) => `account:${siteId}:${email.toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

/**
 * The counts one password attempt goes to: the account from this client address (the spec's
 * five), the account from anywhere (a higher ceiling against guessing from many addresses),
 * and the address over all accounts.
 */
export interface ThrottleKeys {
  accountIp: string;
  account: string;
  ip: string;
}

export function throttleKeys(siteId: number, email: string, ip: string): ThrottleKeys {
  const account = accountKey(siteId, email);
  return { accountIp: `${account}|${ipKey(ip)}`, account, ip: ipKey(ip) };
}

const keyList = (keys: ThrottleKeys) => [keys.accountIp, keys.account, keys.ip];

/** Minutes left of a block on any of these keys, or 0. */
export async function blockedMinutes(db: Db, keys: ThrottleKeys, now = new Date()): Promise<number> {
  const rows = await db.select().from(loginThrottle).where(inArray(loginThrottle.key, keyList(keys)));
  const until = Math.max(0, ...rows.map((r) => r.blockedUntil?.getTime() ?? 0));
  return until > now.getTime() ? Math.ceil((until - now.getTime()) / MINUTE) : 0;
}

export interface FailureOutcome {
  /** Minutes this client is now blocked for (0 = not blocked). */
  minutes: number;
  /** This failure started a block of the account (from this address or everywhere): time to tell the owner. */
  accountBlocked: boolean;
}

/**
 * Counts a failed password against the account from this address, the account and the
 * address; once one reaches its limit within the window, it is blocked for
 * LOGIN_BLOCK_MINUTES (spec section 8). One atomic upsert per key, so parallel attempts
 * cannot slip past the count.
 */
export async function recordFailure(db: Db, keys: ThrottleKeys, now = new Date()): Promise<FailureOutcome> {
  const windowStart = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MINUTES * MINUTE);
  const blockUntil = new Date(now.getTime() + LOGIN_BLOCK_MINUTES * MINUTE);
  let accountBlocked = false;
  for (const [key, limit] of [
    [keys.accountIp, LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP],
    [keys.account, LOGIN_MAX_FAILURES_PER_ACCOUNT],
    [keys.ip, LOGIN_MAX_FAILURES_PER_IP],
  ] as const) {
    const [row] = await db
      .insert(loginThrottle)
      .values({ key, failures: 1, windowStartedAt: now, blockedUntil: limit <= 1 ? blockUntil : null })
      .onConflictDoUpdate({
        target: loginThrottle.key,
        set: {
          failures: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${loginThrottle.windowStartedAt} < ${windowStart} then ${now} else ${loginThrottle.windowStartedAt} end`,
          blockedUntil: sql`case when (case when ${loginThrottle.windowStartedAt} < ${windowStart} then 1 else ${loginThrottle.failures} + 1 end) >= ${limit} then ${blockUntil} else ${loginThrottle.blockedUntil} end`,
        },
      })
      .returning({ failures: loginThrottle.failures });
    // Exactly at the limit: the failure that started the block (later ones only extend it).
    if (key !== keys.ip && row?.failures === limit) accountBlocked = true;
  }
  return { minutes: await blockedMinutes(db, keys, now), accountBlocked };
}

/** A right password clears the failures of the account from this address (not the others' counts). */
export async function clearAccountFailures(db: Db, keys: ThrottleKeys): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.accountIp));
}

/**
 * Claims the one lockout notice per account and block period: true for the first caller, false
 * while an earlier notice's period lasts (an attacker tripping blocks from many addresses must
 * not flood the owner's inbox).
 */
export async function claimLockoutNotice(db: Db, account: string, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + LOGIN_BLOCK_MINUTES * MINUTE);
  const key = `notice:${account}`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, failures: 0, windowStartedAt: now, blockedUntil: until })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: { windowStartedAt: now, blockedUntil: until },
      setWhere: and(eq(loginThrottle.key, key), or(isNull(loginThrottle.blockedUntil), lt(loginThrottle.blockedUntil, now))),
    })
    .returning({ key: loginThrottle.key });
  return row !== undefined;
}
