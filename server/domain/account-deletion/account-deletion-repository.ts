import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/database';
import { accountDeletionFeedback, emailTokens, members, photos, sessions } from '../../db/schema';
import type { MemberRow } from '../members/account-repository';

type Executor = Db | Tx;

/** Holds the member row until the transaction ends, so parallel requests take turns. */
export async function lockMember(db: Executor, memberId: number): Promise<void> {
  await db.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('no key update');
}

/** Active or unconfirmed -> pending_deletion; false when the account was not in such a state. */
export async function markPendingDeletion(db: Executor, memberId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(members)
    .set({ status: 'pending_deletion', deletionRequestedAt: now })
    .where(and(eq(members.id, memberId), inArray(members.status, ['active', 'not_confirmed'])))
    .returning({ id: members.id });
  return rows.length > 0;
}

export async function deleteSessionsOf(db: Executor, memberId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.memberId, memberId));
}

/**
 * pending_deletion -> active when the e-mail address was confirmed, else not_confirmed
 * (deletion must not count as a confirmation). Only on the given site.
 */
export async function restoreMember(db: Executor, memberId: number, siteId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .update(members)
    .set({
      status: sql`case when ${members.emailConfirmedAt} is null then 'not_confirmed' else 'active' end`,
      deletionRequestedAt: null,
    })
    .where(and(eq(members.id, memberId), eq(members.siteId, siteId), eq(members.status, 'pending_deletion')))
    .returning();
  return row;
}

/** Uses up every other reactivation link of the member (one reactivation ends them all). */
export async function expireReactivationTokens(db: Executor, memberId: number, now: Date): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.memberId, memberId), eq(emailTokens.purpose, 'reactivate'), isNull(emailTokens.usedAt)));
}

/** Deleted accounts whose reactivation time ran out before `cutoff`, oldest ids first. */
export async function listPurgeableMembers(db: Executor, cutoff: Date, afterId: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.status, 'pending_deletion'), lt(members.deletionRequestedAt, cutoff), gt(members.id, afterId)))
    .orderBy(asc(members.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Every storage key of the member's photos and thumbnails. */
export async function photoKeysOf(db: Executor, memberId: number): Promise<string[]> {
  const rows = await db.select({ filename: photos.filename, thumb: photos.thumbFilename }).from(photos).where(eq(photos.memberId, memberId));
  return rows.flatMap((r) => [r.filename, r.thumb]);
}

/**
 * Deletes the member row (photos, sessions, credits, conversations, messages and tokens go
 * with it by ON DELETE CASCADE), re-checking that it is still due: a reactivation between
 * listing and deleting wins.
 */
/** Locks the member's row when it may be purged now (deleted before `cutoff`); false: it may not. */
export async function lockPurgeableMember(tx: Tx, memberId: number, cutoff: Date): Promise<boolean> {
  const rows = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.status, 'pending_deletion'), lt(members.deletionRequestedAt, cutoff)))
    .for('update');
  return rows.length > 0;
}

export async function deletePurgeableMember(db: Executor, memberId: number, cutoff: Date): Promise<boolean> {
  const rows = await db
    .delete(members)
    .where(and(eq(members.id, memberId), eq(members.status, 'pending_deletion'), lt(members.deletionRequestedAt, cutoff)))
    .returning({ id: members.id });
  return rows.length > 0;
}

/** Why a member left, kept without who: no member id, no address. */
export async function recordDeletionFeedback(db: Executor, siteId: number, reason: string, comment: string): Promise<void> {
  await db.insert(accountDeletionFeedback).values({ siteId, reason, comment });
}
