import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addressQuota, loginThrottle, sessions } from '../db/schema';
import { testAppForFile } from '../test-support/test-app-for-file';
import { createMember } from '../test-support/test-members';
import { startSession, hashToken } from '../domain/auth/sessions';
import { authCleanupJob } from './auth-cleanup-job';

const IDLE_HOURS = 168;
const job = authCleanupJob({ idleHours: IDLE_HOURS });

const t = testAppForFile();

describe('auth clean-up job', () => {
  it('removes expired and idle sessions and stale login counts, and keeps the rest', async () => {
    const db = t.database.db;
    const member = await createMember(db);
    const now = new Date();
    const old = await startSession(db, member.id, 'ua', new Date(now.getTime() - 31 * 24 * 3600 * 1000));
    const idle = await startSession(db, member.id, 'ua', new Date(now.getTime() - (IDLE_HOURS + 1) * 3600 * 1000));
    const live = await startSession(db, member.id, 'ua', now);
    await db.insert(loginThrottle).values([
      { key: 'account:stale', failures: 2, windowStartedAt: new Date(now.getTime() - 60 * 60 * 1000) },
      { key: 'account:blocked', failures: 5, windowStartedAt: new Date(now.getTime() - 20 * 60 * 1000), blockedUntil: new Date(now.getTime() + 5 * 60 * 1000) },
      { key: 'account:recent', failures: 1, windowStartedAt: now },
    ]);
    await t.app.jobs.runOnce(job, now);
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(old)))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(idle)))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(live)))).toHaveLength(1);
    const keys = (await db.select({ key: loginThrottle.key }).from(loginThrottle)).map((r) => r.key).sort();
    expect(keys).toEqual(expect.arrayContaining(['account:blocked', 'account:recent']));
    expect(keys).not.toContain('account:stale');
  });

  it('drops the daily counts per e-mail address once their day is over', async () => {
    const db = t.database.db;
    const now = new Date();
    await db.insert(addressQuota).values([
      { key: 'reset:1:yesterday', count: 10, windowStartedAt: new Date(now.getTime() - 25 * 3600 * 1000) },
      { key: 'reset:1:today', count: 3, windowStartedAt: new Date(now.getTime() - 3600 * 1000) },
    ]);
    await t.app.jobs.runOnce(job, now);
    expect((await db.select({ key: addressQuota.key }).from(addressQuota)).map((r) => r.key)).toEqual(['reset:1:today']);
  });
});
