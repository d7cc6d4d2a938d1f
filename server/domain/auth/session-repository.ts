import { and, eq, gt, inArray, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { sessions } from '../../db/schema';

export async function insertSession(db: Db, row: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(row);
}

/** A session that has not expired and was used after `seenSince` (the idle timeout). */
export async function findLiveSession(db: Db, tokenHash: string, now: Date, seenSince: Date) {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, seenSince)));
  return row;
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

/** Deletes sessions that expired or were last used before `seenSince` (the idle timeout). */
export async function deleteExpiredSessions(db: Db, now: Date, seenSince: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, seenSince)));
}

/** Which of `tokenHashes` are still live sessions (not logged out, not expired, used after `seenSince`). */
export async function liveSessionHashes(db: Db, tokenHashes: string[], now: Date, seenSince: Date): Promise<Set<string>> {
  if (tokenHashes.length === 0) return new Set();
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, now), gt(sessions.lastSeenAt, seenSince)));
  return new Set(rows.map((r) => r.tokenHash));
}
