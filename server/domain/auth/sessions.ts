import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_MAX_AGE_S } from '../../../common/limits';
import type { Db } from '../../db/database';
import { deleteSession, findLiveSession, insertSession, touchSession } from './session-repository';

const TOUCH_AT_MOST_EVERY_MS = 60 * 60 * 1000;

/**
 * The idle timeout: a session unused for longer is dead on the server, whatever its cookie
 * says (a stolen or forgotten session does not live the whole 30 days). Use is recorded at
 * most hourly, and often enough that a session in use never reaches the timeout.
 */
export function sessionIdle(idleHours: number, now = new Date()) {
  const idleMs = idleHours * 60 * 60 * 1000;
  return { seenSince: new Date(now.getTime() - idleMs), touchEveryMs: Math.min(TOUCH_AT_MOST_EVERY_MS, idleMs / 10) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session and returns the token for the cookie (never stored as such). */
export async function startSession(db: Db, memberId: number, userAgent: string, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    tokenHash: hashToken(token),
    memberId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + AUTH_COOKIE_MAX_AGE_S * 1000),
    userAgent: userAgent.slice(0, 300),
  });
  return token;
}

/** The member id of a live session (not expired, not idle longer than `idleHours`), or null. Records its use. */
export async function resolveSession(db: Db, token: string, idleHours: number, now = new Date()): Promise<number | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const idle = sessionIdle(idleHours, now);
  const session = await findLiveSession(db, tokenHash, now, idle.seenSince);
  if (!session) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > idle.touchEveryMs) await touchSession(db, tokenHash, now);
  return session.memberId;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}
