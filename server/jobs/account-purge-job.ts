import type { FastifyBaseLogger } from 'fastify';
import { purgeDeletedAccounts } from '../domain/account-deletion/account-purge';
import type { ObjectStorage } from '../storage/object-storage';
import type { ScheduledJob } from './job-queue';

/**
 * Hourly: erases accounts whose reactivation time (REACTIVATION_DAYS) is over. The storage
 * is asked for when the job runs (tests and the app hand in their own). Logs counts only,
 * never who: a purged member's address must not live on in the logs.
 */
export function accountPurgeJob(deps: { storage: () => ObjectStorage; log: FastifyBaseLogger }): ScheduledJob {
  return {
    name: 'account-purge',
    cron: '27 * * * *',
    async run(db, now) {
      const { purged, failed, files, firstError } = await purgeDeletedAccounts(db, deps.storage(), now);
      if (purged > 0) deps.log.info({ job: 'account-purge', purged, files }, 'deleted accounts purged');
      if (failed > 0) deps.log.error({ job: 'account-purge', failed, err: firstError }, 'deleted accounts not purged; retried next run');
    },
  };
}
