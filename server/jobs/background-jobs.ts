import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ScheduledJob } from './job-queue';
import { authCleanupJob } from './auth-cleanup-job';
import { accountPurgeJob } from './account-purge-job';
import { chatPhotosPurgeJob } from './chat-photos-purge-job';
import { directDebitPurgeJob } from './direct-debit-purge-job';
import { liveEventsPurgeJob } from './live-events-purge-job';
import { noticeMailJobs } from './notice-mail-jobs';

/** Every job the server runs in the background. */
export function backgroundJobs(app: FastifyInstance): ScheduledJob[] {
  const deps = { storage: () => app.photoStorage, log: app.log };
  return [authCleanupJob({ idleHours: app.config.SESSION_IDLE_HOURS }), liveEventsPurgeJob, accountPurgeJob(deps), chatPhotosPurgeJob(deps), directDebitPurgeJob({ sepaDir: path.join(app.config.DATA_DIR, 'sepa'), log: app.log }), ...noticeMailJobs((name, data) => app.jobs.sendMany(name, data))];
}
