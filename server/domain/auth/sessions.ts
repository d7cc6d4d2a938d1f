import { createHash, randomBytes } from 'node:crypto';
import { AUTH_COOKIE_MAX_AGE_S } from '../../../common/limits';
import type { Db } from '../../db/database';
import { deleteSession, findLiveSession, insertSession, touchSession } from './session-repository';

const TOUCH_EVERY_MS = 60 * 60 * 1000;

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

/** The member id of a live session, or null. Records activity at most hourly. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<number | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const tokenHash = hashToken(token);
  const session = await findLiveSession(db, tokenHash, now);
  if (!session) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) await touchSession(db, tokenHash, now);
  return session.memberId;
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}
