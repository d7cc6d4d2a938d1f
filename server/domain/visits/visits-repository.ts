import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { pageBounces, visits } from '../../db/schema';
import type { VisitCookie } from './visit-cookie';

/** Records that a page of this visit became hidden; logs a page bounce when the visit asked for it. */
export async function recordPageHidden(db: Db, siteId: number, visit: VisitCookie, path: string, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(visits)
      .values({
        id: visit.id,
        siteId,
        landingPath: visit.p,
        logBounce: visit.lb,
        tracking: visit.tr,
        startedAt: new Date(visit.t),
        hiddenCount: 1,
        lastHiddenAt: now,
      })
      .onConflictDoUpdate({
        target: visits.id,
        set: { hiddenCount: sql`${visits.hiddenCount} + 1`, lastHiddenAt: now },
      });
    if (visit.lb) {
      const ms = Math.max(0, Math.min(now.getTime() - visit.t, 2_147_483_647));
      await tx.insert(pageBounces).values({ visitId: visit.id, path: path.slice(0, 512), msOnSite: ms, at: now });
    }
  });
}
