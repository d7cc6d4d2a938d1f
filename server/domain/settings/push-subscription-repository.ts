import { and, count, desc, eq, notInArray } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_MEMBER, type PushSubscriptionInput } from '../../../common/account/push-subscription';
import type { Db, Tx } from '../../db/database';
import { pushSubscriptions } from '../../db/schema';

/**
 * Saves a device's subscription, keyed by its endpoint: the same browser subscribing again
 * updates its keys, and a browser where another member logs in now belongs to that member
 * (an endpoint is an unguessable URL only that browser knows). A member keeps at most
 * PUSH_SUBSCRIPTIONS_PER_MEMBER devices; the ones not seen for the longest go first.
 */
export async function savePushSubscription(db: Db, memberId: number, sub: PushSubscriptionInput, userAgent: string, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values({ memberId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: userAgent.slice(0, 300), createdAt: now })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { memberId, p256dh: sub.keys.p256dh, auth: sub.keys.auth, userAgent: userAgent.slice(0, 300), createdAt: now },
      });
    const keep = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, memberId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_MEMBER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.memberId, memberId), notInArray(pushSubscriptions.id, keep)));
    return countPushSubscriptions(tx, memberId);
  });
}

/** Removes one of the member's own subscriptions (another member's endpoint is left alone). */
export async function deletePushSubscription(db: Db, memberId: number, endpoint: string): Promise<number> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.memberId, memberId), eq(pushSubscriptions.endpoint, endpoint)));
  return countPushSubscriptions(db, memberId);
}

export async function countPushSubscriptions(db: Db | Tx, memberId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.memberId, memberId));
  return row?.n ?? 0;
}
