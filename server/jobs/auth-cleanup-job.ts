import { and, isNull, lt, or } from 'drizzle-orm';
import { LOGIN_FAILURE_WINDOW_MINUTES } from '../../common/limits';
import { loginThrottle, passwordResetTokens } from '../db/schema';
import { deleteStaleAddressQuotas } from '../domain/auth/address-quota-repository';
import { deleteExpiredSessions } from '../domain/auth/session-repository';
import { sessionIdle } from '../domain/auth/sessions';
import type { ScheduledJob } from './job-queue';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Removes what no longer means anything: expired sessions and those idle longer than
 * `idleHours` (dead on the server already: their rows would only linger), old reset links,
 * stale login and address counts.
 */
export const authCleanupJob = (deps: { idleHours: number }): ScheduledJob => ({
  name: 'auth-cleanup',
  cron: '7 * * * *',
  async run(db, now) {
    await deleteExpiredSessions(db, now, sessionIdle(deps.idleHours, now).seenSince);
    // Reset links are kept a day after they expire: the daily mail limit counts them.
    await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, new Date(now.getTime() - DAY)));
    const staleWindow = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MINUTES * 60_000);
    await db
      .delete(loginThrottle)
      .where(and(lt(loginThrottle.windowStartedAt, staleWindow), or(isNull(loginThrottle.blockedUntil), lt(loginThrottle.blockedUntil, now))));
    await deleteStaleAddressQuotas(db, now);
  },
});
